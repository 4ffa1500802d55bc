/// Builds the sandbox TV catalogue from a fixed seed, apart from the movies: adding shows changes no movie.
enum ShowGenerator {
    /// Number of shows; 2,400 gives `tv/popular` and `tv/top_rated` 120 pages.
    static let showCount = 2_400
    /// Id of the first show; every show id is above every movie id (at most 72,893).
    static let firstId = 80_001
    /// Distance between consecutive show ids.
    static let idStride = 13

    /// Every show, in catalogue order.
    static func shows() -> [SandboxShow] {
        (0..<showCount).map(show(at:))
    }

    /// The catalogue index of a show id, if the id is one of ours.
    static func index(ofId id: Int) -> Int? {
        let offset = id - firstId
        guard offset >= 0, offset % idStride == 0, offset / idStride < showCount else { return nil }
        return offset / idStride
    }

    /// The show at one catalogue index.
    static func show(at index: Int) -> SandboxShow {
        let id = firstId + index * idStride
        var random = SplitMix64(seed: 0x7444_6D62_5456_5368, stream: UInt64(index))
        var show = ordinaryShow(index: index, id: id, random: &random)
        if index < ShowHardCase.all.count {
            applyHardCase(ShowHardCase.all[index], rank: index, to: &show)
        } else if index % ShowHardCase.scatterStride == ShowHardCase.scatterOffset {
            let hardCase = ShowHardCase.all[(index / ShowHardCase.scatterStride) % ShowHardCase.all.count]
            show.name = hardCase.name
            show.originalName = hardCase.originalName
            show.originalLanguage = hardCase.language
            show.originCountry = hardCase.originCountry
            show.overview = hardCase.overview
        }
        return show
    }

    private static func ordinaryShow(index: Int, id: Int, random: inout SplitMix64) -> SandboxShow {
        let name = ordinaryName(&random)
        let language = languages[Int(random.next() % UInt64(languages.count))]
        let voteCount = index % 61 == 7 ? 0 : Int(random.next() % 20_000) + 1
        // One decimal, at most 8.9, so hard cases (9 and up) lead top_rated; about a tenth come out integral.
        let voteAverage = voteCount == 0 ? 0 : Double(Int(random.next() % 80) + 10) / 10
        let popularity = Double(random.next() % 3_000_000) / 1_000
        let date = ListTitleDraws.date(fromYear: 1950, years: 77, &random)
        let firstAirDate = index % 83 == 9 ? "" : date
        let genreIds = index % 73 == 11 ? [] : ListTitleDraws.genreIds(of: SandboxGenre.tv, &random)
        let countries = index % 71 == 5 ? [] : originCountry(language: language, &random)
        return SandboxShow(
            id: id, name: name, originalName: name, originalLanguage: language, originCountry: countries,
            overview: overview(&random), firstAirDate: firstAirDate, voteAverage: voteAverage, voteCount: voteCount,
            popularity: popularity, genreIds: genreIds, adult: index % 307 == 29,
            posterPath: index % 47 == 19 ? nil : ImagePath.derived(id: id, salt: ImagePath.showPosterSalt),
            backdropPath: index % 43 == 23 ? nil : ImagePath.derived(id: id, salt: ImagePath.showBackdropSalt))
    }

    private static func applyHardCase(_ hardCase: ShowHardCase, rank: Int, to show: inout SandboxShow) {
        show.name = hardCase.name
        show.originalName = hardCase.originalName
        show.originalLanguage = hardCase.language
        show.originCountry = hardCase.originCountry
        show.overview = hardCase.overview
        show.voteAverage = hardCase.voteAverage
        show.voteCount = hardCase.voteCount
        // Above every ordinary show (at most 2,999.999), so all hard cases fill page 1 of popular.
        show.popularity = Double(7_654_321 - rank * 12_345) / 1_000
        if let firstAirDate = hardCase.firstAirDate { show.firstAirDate = firstAirDate }
        if !hardCase.hasPoster { show.posterPath = nil }
        if !hardCase.hasBackdrop { show.backdropPath = nil }
        show.adult = hardCase.adult
        if let genreIds = hardCase.genreIds { show.genreIds = genreIds }
    }

    private static func ordinaryName(_ random: inout SplitMix64) -> String {
        let adjective = pick(adjectives, &random)
        let noun = pick(nouns, &random)
        switch random.next() % 5 {
        case 0: return "The \(adjective) \(noun)"
        case 1: return "\(noun) \(pick(places, &random))"
        case 2: return "\(adjective) \(noun): \(pick(subtitles, &random))"
        case 3: return "\(pick(places, &random)) \(noun)s"
        default: return "\(adjective) \(noun)"
        }
    }

    private static func overview(_ random: inout SplitMix64) -> String {
        "Each week, \(pick(casts, &random)) \(pick(verbs, &random)) in \(pick(settings, &random)). "
            + "This season, \(pick(arcs, &random))."
    }

    /// Countries of origin that fit the language: one mostly, two now and then.
    private static func originCountry(language: String, _ random: inout SplitMix64) -> [String] {
        let candidates = countries[language] ?? ["US"]
        let first = pick(candidates, &random)
        guard candidates.count > 1, random.next() % 6 == 0 else { return [first] }
        let second = pick(candidates.filter { $0 != first }, &random)
        return [first, second]
    }

    private static func pick(_ words: [String], _ random: inout SplitMix64) -> String {
        UniverseText.pick(words, &random)
    }

    private static let languages = [
        "en", "en", "en", "en", "en", "en", "en", "en", "en", "en", "ja", "ja", "ko", "ko", "es", "fr", "de", "zh",
        "hi", "ar", "he", "tr", "pt", "it", "sv", "da",
    ]
    private static let countries: [String: [String]] = [
        "en": ["US", "GB", "CA", "AU", "IE", "NZ"], "ja": ["JP"], "ko": ["KR"], "es": ["ES", "MX", "AR", "CO"],
        "fr": ["FR", "BE", "CA"], "de": ["DE", "AT", "CH"], "zh": ["CN", "TW", "HK"], "hi": ["IN"],
        "ar": ["EG", "SA", "SY", "LB"], "he": ["IL"], "tr": ["TR"], "pt": ["BR", "PT"], "it": ["IT"], "sv": ["SE"],
        "da": ["DK"],
    ]
    private static let adjectives = [
        "Northern", "Bright", "Dark", "Little", "Grand", "Wicked", "True", "Lucky", "Restless", "Sunny", "Brave",
        "Velvet", "Stolen", "Open", "Royal", "Second", "Blue", "Sharp",
    ]
    private static let nouns = [
        "Precinct", "Kitchen", "Hospital", "Family", "Academy", "Island", "Court", "Newsroom", "Crew", "Detective",
        "Valley", "Dynasty", "Office", "Ranch", "Harbor", "Agency", "Campus", "Bureau",
    ]
    private static let places = ["Boston", "Chicago", "Miami", "Glasgow", "Sydney", "Toronto", "Dublin", "Austin"]
    private static let subtitles = [
        "The Series", "Next Generation", "Reloaded", "After Dark", "Unfiltered", "Behind the Scenes", "Legacy",
    ]
    private static let casts = [
        "a team of detectives", "three siblings", "two rival chefs", "a small-town sheriff", "a family of surgeons",
        "a crew of misfits", "an unlikely couple", "a newsroom of interns",
    ]
    private static let verbs = [
        "solve cases", "run a restaurant", "fight for custody", "chase a story", "rebuild a town", "keep a secret",
        "race against the clock", "compete for a prize",
    ]
    private static let settings = [
        "a coastal village", "downtown Chicago", "a boarding school", "a space station", "the Scottish Highlands",
        "a failing hotel", "1980s Berlin", "a desert town",
    ]
    private static let arcs = [
        "loyalties are tested", "an old enemy returns", "a wedding goes wrong", "the stakes have never been higher",
        "everything changes", "a new rival arrives",
    ]
}
