/// `credits` of a movie: `{"cast":[…],"crew":[…]}` in TMDB's shape, drawn from the movie id.
///
/// Sizes like TMDB's: 5 to 64 cast and 5 to 84 crew entries (tens of KB), and for one film in a hundred 1,000 to
/// 3,000 crew entries (a large production's full crew, about a megabyte).
enum MovieCreditsBody {
    /// Whether the movie with this id has a crew of thousands.
    static func hasHugeCrew(movieId: Int) -> Bool {
        var random = SplitMix64(seed: seed, stream: UInt64(movieId))
        return random.next() % 100 == 0
    }

    /// Appends the `credits` object; `castDelta` and `crewDelta` drop entries from the end of a list (negative) or
    /// add entries after it (positive), leaving the others as they are.
    /// A `recorder` sees every credit appended, as written.
    static func append(
        to json: inout JSONBuffer, movieId: Int, castDelta: Int = 0, crewDelta: Int = 0,
        recorder: CreditRecorder? = nil
    ) {
        var random = SplitMix64(seed: seed, stream: UInt64(movieId))
        var added = SplitMix64(seed: addedSeed, stream: UInt64(movieId))
        var dropped = JSONBuffer(capacity: 512)
        let huge = random.next() % 100 == 0
        let castCount = 5 + Int(random.next() % 60)
        let crewCount = huge ? 1_000 + Int(random.next() % 2_001) : 5 + Int(random.next() % 80)
        json.raw("{\"cast\":[")
        var castId = 1 + Int(random.next() % 5)
        for order in 0..<castCount {
            // Dropped entries are still drawn, so the crew after them stays the same.
            if order < castCount + castDelta {
                appendCast(order: order, castId: &castId, to: &json, &random, recorder)
            } else {
                appendCast(order: order, castId: &castId, to: &dropped, &random)
            }
        }
        for order in castCount..<(castCount + max(0, castDelta)) {
            appendCast(order: order, castId: &castId, to: &json, &added, recorder)
        }
        json.raw("],\"crew\":[")
        for index in 0..<(crewCount + min(0, crewDelta)) {
            appendCrew(index: index, to: &json, &random, recorder)
        }
        for index in crewCount..<(crewCount + max(0, crewDelta)) {
            appendCrew(index: index, to: &json, &added, recorder)
        }
        json.raw("]}")
    }

    private static func appendCast(
        order: Int, castId: inout Int, to json: inout JSONBuffer, _ random: inout SplitMix64,
        _ recorder: CreditRecorder? = nil
    ) {
        if order > 0 { json.raw(",") }
        let person = Int(random.next() % UInt64(PersonPool.count))
        json.raw(PersonPool.fragments[person])
        json.raw(",\"cast_id\":")
        json.int(castId)
        castId += 1 + Int(random.next() % 3)
        json.raw(",\"character\":")
        let character = UniverseText.character(&random)
        json.string(character)
        json.raw(",")
        let credit = CreditID.append(to: &json, &random)
        json.raw(",\"order\":")
        json.int(order)
        json.raw("}")
        if let recorder, recorder.wants(person) {
            recorder.record(
                CreditRecord(
                    person: person, creditId: CreditID.value(in: credit), isCast: true, character: character,
                    order: order))
        }
    }

    private static func appendCrew(
        index: Int, to json: inout JSONBuffer, _ random: inout SplitMix64, _ recorder: CreditRecorder? = nil
    ) {
        if index > 0 { json.raw(",") }
        let (department, jobs) = CrewJobs.all[Int(random.next() % UInt64(CrewJobs.all.count))]
        let person = Int(random.next() % UInt64(PersonPool.count))
        json.raw(PersonPool.fragments[person])
        json.raw(",")
        let credit = CreditID.append(to: &json, &random)
        json.raw(",\"department\":")
        json.string(department)
        json.raw(",\"job\":")
        let job = jobs[Int(random.next() % UInt64(jobs.count))]
        json.string(job)
        json.raw("}")
        if let recorder, recorder.wants(person) {
            recorder.record(
                CreditRecord(
                    person: person, creditId: CreditID.value(in: credit), isCast: false, department: department,
                    job: job))
        }
    }

    private static let seed: UInt64 = 0x4D43_5245_4449_5453
    private static let addedSeed: UInt64 = 0x4D43_4144_4445_44
}
