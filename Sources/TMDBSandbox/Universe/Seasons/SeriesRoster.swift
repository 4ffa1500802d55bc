/// The people who come back episode after episode of a series: its directors, writers and recurring guest stars,
/// each with the one credit TMDB repeats in every episode they are in. Drawn from the series id alone, so no edit
/// changes them.
struct SeriesRoster {
    var directors: [SandboxEpisode.Credit]
    var writers: [SandboxEpisode.Credit]
    var guests: [SandboxEpisode.Credit]

    init(seriesId: Int) {
        var random = SplitMix64(seed: Self.seed, stream: UInt64(seriesId))
        func person(_ role: String, department: String?, order: Int = 0) -> SandboxEpisode.Credit {
            let person = Int(random.next() % UInt64(PersonPool.count))
            return SandboxEpisode.Credit(
                person: person, creditId: CreditID(&random), role: role, department: department, order: order)
        }
        directors = (0..<(2 + Int(random.next() % 4))).map { _ in person("Director", department: "Directing") }
        writers = (0..<(2 + Int(random.next() % 3))).map { _ in
            person(random.next() % 4 == 0 ? "Story" : "Writer", department: "Writing")
        }
        guests = (0..<(3 + Int(random.next() % 8))).map { index in
            let character = UniverseText.character(&random)
            return person(character, department: nil, order: 20 + 3 * index)
        }
    }

    private static let seed: UInt64 = 0x524F_5354_4552
}
