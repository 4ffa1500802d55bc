/// Builds the sandbox catalogue from a fixed seed: the same movies on every run, whatever ``SandboxOptions/seed``.
enum CatalogueGenerator {
    /// Number of movies; 10,400 gives `popular` and `top_rated` 520 pages, past TMDB's 500-page cap.
    static let movieCount = 10_400

    /// Every movie, in catalogue order.
    static func movies() -> [SandboxMovie] {
        (0..<movieCount).map(movie(at:))
    }

    /// The catalogue index of a movie id, if the id is one of ours.
    static func index(ofId id: Int) -> Int? {
        let offset = id - 100
        guard offset >= 0, offset % 7 == 0, offset / 7 < movieCount else { return nil }
        return offset / 7
    }

    /// The movie at one catalogue index.
    static func movie(at index: Int) -> SandboxMovie {
        let id = 100 + index * 7
        var random = SplitMix64(seed: 0x7444_6D62_5361_6E64, stream: UInt64(index))
        var movie = ordinaryMovie(index: index, id: id, random: &random)
        if index < HardCase.all.count {
            applyHardCase(HardCase.all[index], rank: index, to: &movie)
        } else if index % HardCase.scatterStride == HardCase.scatterOffset {
            let hardCase = HardCase.all[(index / HardCase.scatterStride) % HardCase.all.count]
            movie.title = hardCase.title
            movie.originalTitle = hardCase.originalTitle
            movie.originalLanguage = hardCase.language
            movie.overview = hardCase.overview
        }
        return movie
    }

    private static func ordinaryMovie(index: Int, id: Int, random: inout SplitMix64) -> SandboxMovie {
        let title = ordinaryTitle(&random)
        let language = languages[Int(random.next() % UInt64(languages.count))]
        let voteCount = index % 89 == 7 ? 0 : Int(random.next() % 30_000) + 1
        // One decimal, at most 8.9, so hard cases (9 and up) lead top_rated; about a tenth come out integral.
        let voteAverage = voteCount == 0 ? 0 : Double(Int(random.next() % 80) + 10) / 10
        let popularity = Double(random.next() % 4_000_000) / 1_000
        let date = ListTitleDraws.date(fromYear: 1930, years: 97, &random)
        let releaseDate = index % 97 == 13 ? "" : date
        let genreIds = index % 67 == 11 ? [] : ListTitleDraws.genreIds(of: SandboxGenre.all, &random)
        return SandboxMovie(
            id: id, title: title, originalTitle: title, originalLanguage: language,
            overview: overview(&random), releaseDate: releaseDate, voteAverage: voteAverage, voteCount: voteCount,
            popularity: popularity, genreIds: genreIds, adult: index % 211 == 17,
            posterPath: index % 53 == 19 ? nil : ImagePath.derived(id: id, salt: ImagePath.posterSalt),
            backdropPath: index % 41 == 23 ? nil : ImagePath.derived(id: id, salt: ImagePath.backdropSalt))
    }

    private static func applyHardCase(_ hardCase: HardCase, rank: Int, to movie: inout SandboxMovie) {
        movie.title = hardCase.title
        movie.originalTitle = hardCase.originalTitle
        movie.originalLanguage = hardCase.language
        movie.overview = hardCase.overview
        movie.voteAverage = hardCase.voteAverage
        movie.voteCount = hardCase.voteCount
        // Above every ordinary movie (at most 3,999.999), so all hard cases fill page 1 of popular.
        movie.popularity = Double(9_876_543 - rank * 11_111) / 1_000
        if let releaseDate = hardCase.releaseDate { movie.releaseDate = releaseDate }
        if !hardCase.hasPoster { movie.posterPath = nil }
        if !hardCase.hasBackdrop { movie.backdropPath = nil }
        movie.adult = hardCase.adult
        if let genreIds = hardCase.genreIds { movie.genreIds = genreIds }
    }

    /// The universe's plain titles, from fewer words.
    private static func ordinaryTitle(_ random: inout SplitMix64) -> String {
        UniverseText.plainTitle(adjectives: adjectives, nouns: nouns, &random)
    }

    /// The universe's overview words, with more twists.
    private static func overview(_ random: inout SplitMix64) -> String {
        let (role, verb) = (pick(UniverseText.roles, &random), pick(UniverseText.verbs, &random))
        let (object, place) = (pick(UniverseText.objects, &random), pick(UniverseText.places, &random))
        return "A \(role) \(verb) \(object) in \(place). Soon, \(pick(twists, &random))."
    }

    private static func pick(_ words: [String], _ random: inout SplitMix64) -> String {
        UniverseText.pick(words, &random)
    }

    private static let languages = [
        "en", "en", "en", "en", "en", "en", "en", "en", "en", "en", "en", "en", "fr", "es", "ja", "ko", "de", "it",
        "zh", "ru", "hi", "ar", "he", "el", "pt", "sv",
    ]
    private static let adjectives = [
        "Silent", "Last", "Broken", "Golden", "Hidden", "Crimson", "Lost", "Endless", "Frozen", "Midnight", "Savage",
        "Quiet", "Burning", "Hollow", "Electric", "Distant", "Wild", "Pale", "Secret", "Iron",
    ]
    private static let nouns = [
        "Harbor", "Empire", "Garden", "Signal", "River", "Kingdom", "Witness", "Horizon", "Machine", "Orchard",
        "Frontier", "Lantern", "Voyage", "Citadel", "Echo", "Meridian", "Station", "Desert", "Mirror", "Storm",
        "Circus", "Archive",
    ]
    private static let twists = [
        "old friends become enemies", "the past refuses to stay buried", "nothing is what it seems",
        "a storm changes everything", "the truth comes at a price", "an unlikely alliance forms",
        "time starts running out", "a second chance appears",
    ]
}
