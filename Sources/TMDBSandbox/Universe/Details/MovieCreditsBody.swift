/// `credits` of a movie: `{"cast":[…],"crew":[…]}` in TMDB's shape, drawn from the movie id.
///
/// Sizes like TMDB's: 5 to 64 cast and 5 to 84 crew entries (tens of KB), and for one film in a hundred 1,000 to
/// 3,000 crew entries (a large production's full crew, about a megabyte).
enum MovieCreditsBody {
    /// One entry of the cast or the crew, as drawn: what the body writes of it besides the person's fragment.
    struct Credit {
        var isCast: Bool
        /// The ``PersonPool`` index of the person credited.
        var person: Int
        /// A cast entry's `cast_id`: 0 when the entry is drawn alone (``credit(isCast:from:)``).
        var castId = 0
        var character: String? = nil
        var creditId: CreditID
        var department: String? = nil
        var job: String? = nil
    }

    /// Whether the movie with this id has a crew of thousands.
    static func hasHugeCrew(movieId: Int) -> Bool {
        var random = SplitMix64(seed: seed, stream: UInt64(movieId))
        return random.next() % 100 == 0
    }

    /// Appends the `credits` object; `castDelta` and `crewDelta` drop entries from the end of a list (negative) or
    /// add entries after it (positive), leaving the others as they are.
    static func append(to json: inout JSONBuffer, movieId: Int, castDelta: Int = 0, crewDelta: Int = 0) {
        json.raw("{\"cast\":[")
        var inCast = true
        forEachCredit(movieId: movieId, castDelta: castDelta, crewDelta: crewDelta) { credit, position, _ in
            if inCast, !credit.isCast {
                json.raw("],\"crew\":[")
                inCast = false
            } else if position > 0 {
                json.raw(",")
            }
            json.raw(PersonPool.fragments[credit.person])
            if credit.isCast {
                json.raw(",\"cast_id\":")
                json.int(credit.castId)
                json.raw(",\"character\":")
                json.string(credit.character ?? "")
                json.raw(",")
                credit.creditId.append(to: &json)
                json.raw(",\"order\":")
                json.int(position)
            } else {
                json.raw(",")
                credit.creditId.append(to: &json)
                json.raw(",\"department\":")
                json.string(credit.department ?? "")
                json.raw(",\"job\":")
                json.string(credit.job ?? "")
            }
            json.raw("}")
        }
        json.raw(inCast ? "],\"crew\":[]}" : "]}")
    }

    /// Draws every entry the body lists, cast then crew, each with its place in its list (a cast entry's `order`)
    /// and the generator as it was before the entry was drawn, from which ``credit(isCast:from:)`` draws it again.
    static func forEachCredit(
        movieId: Int, castDelta: Int = 0, crewDelta: Int = 0,
        _ body: (_ credit: Credit, _ position: Int, _ start: SplitMix64) -> Void
    ) {
        var random = SplitMix64(seed: seed, stream: UInt64(movieId))
        var added = SplitMix64(seed: addedSeed, stream: UInt64(movieId))
        let huge = random.next() % 100 == 0
        let castCount = 5 + Int(random.next() % 60)
        let crewCount = huge ? 1_000 + Int(random.next() % 2_001) : 5 + Int(random.next() % 80)
        var castId = 1 + Int(random.next() % 5)
        CastAndCrewDraws.forEach(
            castCount: castCount, crewCount: crewCount, castDelta: castDelta, crewDelta: crewDelta,
            random: &random, added: &added, drawCast: { drawCast(castId: &castId, &$0) }, drawCrew: { drawCrew(&$0) },
            body)
    }

    /// The entry ``forEachCredit(movieId:castDelta:crewDelta:_:)`` drew from `start`.
    static func credit(isCast: Bool, from start: SplitMix64) -> Credit {
        var random = start
        var castId = 0
        return isCast ? drawCast(castId: &castId, &random) : drawCrew(&random)
    }

    private static func drawCast(castId: inout Int, _ random: inout SplitMix64) -> Credit {
        let person = Int(random.next() % UInt64(PersonPool.count))
        let id = castId
        castId += 1 + Int(random.next() % 3)
        let character = UniverseText.character(&random)
        return Credit(isCast: true, person: person, castId: id, character: character, creditId: CreditID(&random))
    }

    private static func drawCrew(_ random: inout SplitMix64) -> Credit {
        let (department, jobs) = CrewJobs.all[Int(random.next() % UInt64(CrewJobs.all.count))]
        let person = Int(random.next() % UInt64(PersonPool.count))
        let creditId = CreditID(&random)
        let job = jobs[Int(random.next() % UInt64(jobs.count))]
        return Credit(isCast: false, person: person, creditId: creditId, department: department, job: job)
    }

    private static let seed: UInt64 = 0x4D43_5245_4449_5453
    private static let addedSeed: UInt64 = 0x4D43_4144_4445_44
}
