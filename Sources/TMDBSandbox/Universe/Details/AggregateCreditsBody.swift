/// `aggregate_credits` of a series: every person over all seasons, cast with `roles`, crew with `jobs`, each with
/// episode counts, in TMDB's shape.
enum AggregateCreditsBody {
    /// One entry of the cast or the crew, as drawn: a person and their roles (cast) or jobs (crew).
    struct Credit {
        /// One role or job: a credit of its own.
        struct Part {
            var creditId: CreditID
            /// A role's `character` or a job's `job`.
            var name: String
            var episodeCount: Int
        }

        var isCast: Bool
        /// The ``PersonPool`` index of the person credited.
        var person: Int
        /// A crew entry's department.
        var department: String? = nil
        var parts: [Part]
    }

    /// Appends the `aggregate_credits` object; episode counts never exceed the series' episodes. `castDelta` and
    /// `crewDelta` drop entries from the end of a list (negative) or add entries after it (positive), leaving the
    /// others as they are.
    static func append(to json: inout JSONBuffer, seriesId: Int, castDelta: Int = 0, crewDelta: Int = 0) {
        json.raw("{\"cast\":[")
        var inCast = true
        forEachCredit(seriesId: seriesId, castDelta: castDelta, crewDelta: crewDelta) { credit, position, _ in
            if inCast, !credit.isCast {
                json.raw("],\"crew\":[")
                inCast = false
            } else if position > 0 {
                json.raw(",")
            }
            json.raw(PersonPool.fragments[credit.person])
            json.raw(credit.isCast ? ",\"roles\":" : ",\"jobs\":")
            json.objectArray(credit.parts) { json, part in
                part.creditId.append(to: &json)
                json.raw(credit.isCast ? ",\"character\":" : ",\"job\":")
                json.string(part.name)
                json.raw(",\"episode_count\":")
                json.int(part.episodeCount)
            }
            let total = credit.parts.map(\.episodeCount).max() ?? 0
            if credit.isCast {
                json.raw(",\"total_episode_count\":")
                json.int(total)
                json.raw(",\"order\":")
                json.int(position)
            } else {
                json.raw(",\"department\":")
                json.string(credit.department ?? "")
                json.raw(",\"total_episode_count\":")
                json.int(total)
            }
            json.raw("}")
        }
        json.raw(inCast ? "],\"crew\":[]}" : "]}")
    }

    /// Draws every entry the body lists, cast then crew, each with its place in its list (a cast entry's `order`)
    /// and the generator as it was before the entry was drawn, from which ``credit(isCast:seriesId:from:)`` draws it
    /// again.
    static func forEachCredit(
        seriesId: Int, castDelta: Int = 0, crewDelta: Int = 0,
        _ body: (_ credit: Credit, _ position: Int, _ start: SplitMix64) -> Void
    ) {
        var random = SplitMix64(seed: seed, stream: UInt64(seriesId))
        var added = SplitMix64(seed: addedSeed, stream: UInt64(seriesId))
        let episodes = max(1, SeriesDetailsBody.episodeCount(seriesId: seriesId))
        let castCount = 5 + Int(random.next() % 50)
        let crewCount = 5 + Int(random.next() % 70)
        CastAndCrewDraws.forEach(
            castCount: castCount, crewCount: crewCount, castDelta: castDelta, crewDelta: crewDelta,
            random: &random, added: &added, drawCast: { drawCast(episodes: episodes, &$0) },
            drawCrew: { drawCrew(episodes: episodes, &$0) }, body)
    }

    /// The entry ``forEachCredit(seriesId:castDelta:crewDelta:_:)`` drew from `start`.
    static func credit(isCast: Bool, seriesId: Int, from start: SplitMix64) -> Credit {
        var random = start
        let episodes = max(1, SeriesDetailsBody.episodeCount(seriesId: seriesId))
        return isCast ? drawCast(episodes: episodes, &random) : drawCrew(episodes: episodes, &random)
    }

    private static func drawCast(episodes: Int, _ random: inout SplitMix64) -> Credit {
        let person = Int(random.next() % UInt64(PersonPool.count))
        let roles = (0..<(1 + Int(random.next() % 10) / 8)).map { _ in
            let count = 1 + Int(random.next() % UInt64(episodes))
            let creditId = CreditID(&random)
            return Credit.Part(creditId: creditId, name: UniverseText.character(&random), episodeCount: count)
        }
        return Credit(isCast: true, person: person, parts: roles)
    }

    private static func drawCrew(episodes: Int, _ random: inout SplitMix64) -> Credit {
        let (department, jobs) = CrewJobs.all[Int(random.next() % UInt64(CrewJobs.all.count))]
        let person = Int(random.next() % UInt64(PersonPool.count))
        let names = (0..<(1 + Int(random.next() % 10) / 7)).map { job in
            let count = 1 + Int(random.next() % UInt64(episodes))
            let creditId = CreditID(&random)
            let name = jobs[(job + Int(random.next() % UInt64(jobs.count))) % jobs.count]
            return Credit.Part(creditId: creditId, name: name, episodeCount: count)
        }
        return Credit(isCast: false, person: person, department: department, parts: names)
    }

    private static let seed: UInt64 = 0x5441_4747_4352_4544
    private static let addedSeed: UInt64 = 0x5441_4144_4445_44
}
