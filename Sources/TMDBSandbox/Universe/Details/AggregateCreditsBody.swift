/// `aggregate_credits` of a series: every person over all seasons, cast with `roles`, crew with `jobs`, each with
/// episode counts, in TMDB's shape.
enum AggregateCreditsBody {
    /// Appends the `aggregate_credits` object; episode counts never exceed the series' episodes. `castDelta` and
    /// `crewDelta` drop entries from the end of a list (negative) or add entries after it (positive), leaving the
    /// others as they are.
    /// A `recorder` sees every credit appended (one per role or job), as written.
    static func append(
        to json: inout JSONBuffer, seriesId: Int, castDelta: Int = 0, crewDelta: Int = 0,
        recorder: CreditRecorder? = nil
    ) {
        var random = SplitMix64(seed: seed, stream: UInt64(seriesId))
        var added = SplitMix64(seed: addedSeed, stream: UInt64(seriesId))
        var dropped = JSONBuffer(capacity: 512)
        let episodes = max(1, SeriesDetailsBody.episodeCount(seriesId: seriesId))
        let castCount = 5 + Int(random.next() % 50)
        let crewCount = 5 + Int(random.next() % 70)
        json.raw("{\"cast\":[")
        for order in 0..<castCount {
            // Dropped entries are still drawn, so the crew after them stays the same.
            if order < castCount + castDelta {
                appendCast(order: order, episodes: episodes, to: &json, &random, recorder)
            } else {
                appendCast(order: order, episodes: episodes, to: &dropped, &random)
            }
        }
        for order in castCount..<(castCount + max(0, castDelta)) {
            appendCast(order: order, episodes: episodes, to: &json, &added, recorder)
        }
        json.raw("],\"crew\":[")
        for index in 0..<(crewCount + min(0, crewDelta)) {
            appendCrew(index: index, episodes: episodes, to: &json, &random, recorder)
        }
        for index in crewCount..<(crewCount + max(0, crewDelta)) {
            appendCrew(index: index, episodes: episodes, to: &json, &added, recorder)
        }
        json.raw("]}")
    }

    private static func appendCast(
        order: Int, episodes: Int, to json: inout JSONBuffer, _ random: inout SplitMix64,
        _ recorder: CreditRecorder? = nil
    ) {
        if order > 0 { json.raw(",") }
        let person = Int(random.next() % UInt64(PersonPool.count))
        json.raw(PersonPool.fragments[person])
        json.raw(",\"roles\":[")
        var total = 0
        for role in 0..<(1 + Int(random.next() % 10) / 8) {
            let count = 1 + Int(random.next() % UInt64(episodes))
            total = max(total, count)
            json.raw(role == 0 ? "{" : ",{")
            let credit = CreditID.append(to: &json, &random)
            json.raw(",\"character\":")
            let character = UniverseText.character(&random)
            json.string(character)
            json.raw(",\"episode_count\":")
            json.int(count)
            json.raw("}")
            if let recorder, recorder.wants(person) {
                recorder.record(
                    CreditRecord(
                        person: person, creditId: CreditID.value(in: credit), isCast: true, character: character,
                        episodeCount: count))
            }
        }
        json.raw("],\"total_episode_count\":")
        json.int(total)
        json.raw(",\"order\":")
        json.int(order)
        json.raw("}")
    }

    private static func appendCrew(
        index: Int, episodes: Int, to json: inout JSONBuffer, _ random: inout SplitMix64,
        _ recorder: CreditRecorder? = nil
    ) {
        if index > 0 { json.raw(",") }
        let (department, jobs) = CrewJobs.all[Int(random.next() % UInt64(CrewJobs.all.count))]
        let person = Int(random.next() % UInt64(PersonPool.count))
        json.raw(PersonPool.fragments[person])
        json.raw(",\"jobs\":[")
        var total = 0
        for job in 0..<(1 + Int(random.next() % 10) / 7) {
            let count = 1 + Int(random.next() % UInt64(episodes))
            total = max(total, count)
            json.raw(job == 0 ? "{" : ",{")
            let credit = CreditID.append(to: &json, &random)
            json.raw(",\"job\":")
            let name = jobs[(job + Int(random.next() % UInt64(jobs.count))) % jobs.count]
            json.string(name)
            json.raw(",\"episode_count\":")
            json.int(count)
            json.raw("}")
            if let recorder, recorder.wants(person) {
                recorder.record(
                    CreditRecord(
                        person: person, creditId: CreditID.value(in: credit), isCast: false, department: department,
                        job: name, episodeCount: count))
            }
        }
        json.raw("],\"department\":")
        json.string(department)
        json.raw(",\"total_episode_count\":")
        json.int(total)
        json.raw("}")
    }

    private static let seed: UInt64 = 0x5441_4747_4352_4544
    private static let addedSeed: UInt64 = 0x5441_4144_4445_44
}
