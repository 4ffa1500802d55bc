/// `aggregate_credits` of a series: every person over all seasons, cast with `roles`, crew with `jobs`, each with
/// episode counts, in TMDB's shape.
enum AggregateCreditsBody {
    /// Appends the `aggregate_credits` object; episode counts never exceed the series' episodes. `castDelta` and
    /// `crewDelta` drop entries from the end of a list (negative) or add entries after it (positive), leaving the
    /// others as they are.
    static func append(to json: inout JSONBuffer, seriesId: Int, castDelta: Int = 0, crewDelta: Int = 0) {
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
                appendCast(order: order, episodes: episodes, to: &json, &random)
            } else {
                appendCast(order: order, episodes: episodes, to: &dropped, &random)
            }
        }
        for order in castCount..<(castCount + max(0, castDelta)) {
            appendCast(order: order, episodes: episodes, to: &json, &added)
        }
        json.raw("],\"crew\":[")
        for index in 0..<(crewCount + min(0, crewDelta)) {
            appendCrew(index: index, episodes: episodes, to: &json, &random)
        }
        for index in crewCount..<(crewCount + max(0, crewDelta)) {
            appendCrew(index: index, episodes: episodes, to: &json, &added)
        }
        json.raw("]}")
    }

    private static func appendCast(
        order: Int, episodes: Int, to json: inout JSONBuffer, _ random: inout SplitMix64
    ) {
        if order > 0 { json.raw(",") }
        json.raw(PersonPool.fragments[Int(random.next() % UInt64(PersonPool.count))])
        json.raw(",\"roles\":[")
        var total = 0
        for role in 0..<(1 + Int(random.next() % 10) / 8) {
            let count = 1 + Int(random.next() % UInt64(episodes))
            total = max(total, count)
            json.raw(role == 0 ? "{" : ",{")
            CreditID.append(to: &json, &random)
            json.raw(",\"character\":")
            json.string(UniverseText.character(&random))
            json.raw(",\"episode_count\":")
            json.int(count)
            json.raw("}")
        }
        json.raw("],\"total_episode_count\":")
        json.int(total)
        json.raw(",\"order\":")
        json.int(order)
        json.raw("}")
    }

    private static func appendCrew(
        index: Int, episodes: Int, to json: inout JSONBuffer, _ random: inout SplitMix64
    ) {
        if index > 0 { json.raw(",") }
        let (department, jobs) = CrewJobs.all[Int(random.next() % UInt64(CrewJobs.all.count))]
        json.raw(PersonPool.fragments[Int(random.next() % UInt64(PersonPool.count))])
        json.raw(",\"jobs\":[")
        var total = 0
        for job in 0..<(1 + Int(random.next() % 10) / 7) {
            let count = 1 + Int(random.next() % UInt64(episodes))
            total = max(total, count)
            json.raw(job == 0 ? "{" : ",{")
            CreditID.append(to: &json, &random)
            json.raw(",\"job\":")
            json.string(jobs[(job + Int(random.next() % UInt64(jobs.count))) % jobs.count])
            json.raw(",\"episode_count\":")
            json.int(count)
            json.raw("}")
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
