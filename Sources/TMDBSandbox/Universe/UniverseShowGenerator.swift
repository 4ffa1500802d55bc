/// The series of the universe beyond the list catalogue: each one a pure function of its slot and id.
enum UniverseShowGenerator {
    /// `original_name` and `popularity` as the export line and the details carry them, edited by `revision`.
    static func exportFields(slot: Int, revision: Revision? = nil) -> (originalName: String, popularity: Double) {
        var head = SplitMix64(seed: headSeed, stream: UInt64(slot))
        let name = UniverseText.title(&head)
        let popularity = popularity(&head)
        let language = UniverseText.pick(UniverseText.languages, &head)
        let originalName = UniverseText.originalTitle(name, language: language, &head)
        return (originalName, revision?.popularity(from: popularity) ?? popularity)
    }

    /// The show at `slot` (beyond the list catalogue), with id `id`, edited by `revision` (its tagline, credits and
    /// keywords edits apply when the body is rendered).
    static func show(slot: Int, id: Int, adult: Bool, revision: Revision? = nil) -> SandboxShow {
        let show = baseShow(slot: slot, id: id, adult: adult)
        return revision?.edited(show) ?? show
    }

    private static func baseShow(slot: Int, id: Int, adult: Bool) -> SandboxShow {
        var head = SplitMix64(seed: headSeed, stream: UInt64(slot))
        let name = UniverseText.title(&head)
        let popularity = popularity(&head)
        let language = UniverseText.pick(UniverseText.languages, &head)
        let originalName = UniverseText.originalTitle(name, language: language, &head)
        var random = SplitMix64(seed: bodySeed, stream: UInt64(slot))
        let voteCount = random.next() % 3 == 0 ? 0 : Int(random.next() % 5_000)
        let voteAverage = voteCount == 0 ? 0 : Double(Int(random.next() % 90) + 10) / 10
        let year = 1950 + Int(random.next() % 77)
        let firstAirDate =
            random.next() % 25 == 0
            ? "" : "\(year)-\(twoDigits(1 + Int(random.next() % 12)))-\(twoDigits(1 + Int(random.next() % 28)))"
        var genreIds: [Int] = []
        for _ in 0..<Int(random.next() % 4) {
            let genre = SandboxGenre.tv[Int(random.next() % UInt64(SandboxGenre.tv.count))].id
            if !genreIds.contains(genre) { genreIds.append(genre) }
        }
        let countries = countryCodes[language].map { [$0] } ?? []
        return SandboxShow(
            id: id, name: name, originalName: originalName, originalLanguage: language, originCountry: countries,
            overview: UniverseText.overview(&random), firstAirDate: firstAirDate, voteAverage: voteAverage,
            voteCount: voteCount, popularity: popularity, genreIds: genreIds, adult: adult,
            posterPath: random.next() % 4 == 0 ? nil : ImagePath.universe(id: id, salt: ImagePath.showPosterSalt),
            backdropPath: random.next() % 3 == 0 ? nil : ImagePath.derived(id: id, salt: ImagePath.showBackdropSalt))
    }

    private static func popularity(_ random: inout SplitMix64) -> Double {
        let unit = random.unitInterval()
        return ((0.6 + unit * unit * unit * unit * 120) * 1_000).rounded() / 1_000
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    static let countryCodes = [
        "en": "US", "fr": "FR", "es": "ES", "ja": "JP", "ko": "KR", "de": "DE", "it": "IT", "zh": "CN", "ru": "RU",
        "hi": "IN", "ar": "EG", "he": "IL", "pt": "BR", "sv": "SE", "tr": "TR", "da": "DK",
    ]

    private static let headSeed: UInt64 = 0x5553_4845_4144
    private static let bodySeed: UInt64 = 0x5553_424F_4459
}
