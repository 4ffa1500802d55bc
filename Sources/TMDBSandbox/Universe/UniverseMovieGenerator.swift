/// The movies of the universe beyond the list catalogue: each one a pure function of its slot and id.
///
/// The export line's fields (title, popularity) come from their own stream, so writing a million-line export file
/// draws a handful of numbers per id and builds no ``SandboxMovie``.
enum UniverseMovieGenerator {
    /// `original_title` and `popularity` as the export line and the details carry them, edited by `revision`.
    static func exportFields(slot: Int, revision: Revision? = nil) -> (originalTitle: String, popularity: Double) {
        var head = SplitMix64(seed: headSeed, stream: UInt64(slot))
        let title = UniverseText.title(&head)
        let popularity = longTailPopularity(&head)
        let language = UniverseText.pick(UniverseText.languages, &head)
        let originalTitle = UniverseText.originalTitle(title, language: language, &head)
        return (originalTitle, revision?.popularity(from: popularity) ?? popularity)
    }

    /// The movie at `slot` (beyond the list catalogue), with id `id`, edited by `revision` as its details are.
    static func movie(slot: Int, id: Int, adult: Bool, revision: Revision?) -> SandboxMovie {
        let movie = movie(slot: slot, id: id, adult: adult)
        return revision?.edited(movie) ?? movie
    }

    /// The movie at `slot` (beyond the list catalogue), with id `id`, as first generated.
    static func movie(slot: Int, id: Int, adult: Bool) -> SandboxMovie {
        var head = SplitMix64(seed: headSeed, stream: UInt64(slot))
        let title = UniverseText.title(&head)
        let popularity = longTailPopularity(&head)
        let language = UniverseText.pick(UniverseText.languages, &head)
        let originalTitle = UniverseText.originalTitle(title, language: language, &head)
        var random = SplitMix64(seed: bodySeed, stream: UInt64(slot))
        // Most of TMDB's catalogue has few or no votes.
        let voteCount = random.next() % 3 == 0 ? 0 : Int(pow2(random.unitInterval() * 14))
        let voteAverage = voteCount == 0 ? 0 : Double(Int(random.next() % 90) + 10) / 10
        let year = 1900 + Int(random.next() % 128)
        let releaseDate =
            random.next() % 20 == 0
            ? "" : "\(year)-\(twoDigits(1 + Int(random.next() % 12)))-\(twoDigits(1 + Int(random.next() % 28)))"
        var genreIds: [Int] = []
        for _ in 0..<Int(random.next() % 4) {
            let genre = SandboxGenre.all[Int(random.next() % UInt64(SandboxGenre.all.count))].id
            if !genreIds.contains(genre) { genreIds.append(genre) }
        }
        return SandboxMovie(
            id: id, title: title, originalTitle: originalTitle, originalLanguage: language,
            overview: UniverseText.overview(&random), releaseDate: releaseDate, voteAverage: voteAverage,
            voteCount: voteCount, popularity: popularity, genreIds: genreIds, adult: adult,
            posterPath: random.next() % 5 == 0 ? nil : ImagePath.universe(id: id, salt: ImagePath.posterSalt),
            backdropPath: random.next() % 3 == 0 ? nil : ImagePath.derived(id: id, salt: ImagePath.backdropSalt))
    }

    /// The details of the movie at `slot`, with TMDB's quirks of the long tail: `runtime` 0 when unknown (about one
    /// in twenty), an empty `imdb_id` now and then; edited by `revision` (the credits' and keywords' edits apply
    /// when the body is rendered).
    static func details(slot: Int, id: Int, adult: Bool, revision: Revision? = nil) -> SandboxMovieDetails {
        var details = MovieDetailsGenerator.details(of: movie(slot: slot, id: id, adult: adult), index: slot)
        var random = SplitMix64(seed: quirkSeed, stream: UInt64(slot))
        if details.runtime == nil || random.next() % 20 == 0 { details.runtime = 0 }
        if random.next() % 12 == 0 { details.imdbId = "" }
        guard let revision else { return details }
        details.movie = revision.edited(details.movie)
        details.tagline = revision.tagline ?? details.tagline
        details.runtime = revision.runtime(from: details.runtime)
        return details
    }

    /// Three decimals, mostly between 0.6 and 3, rarely up to about 150.
    private static func longTailPopularity(_ random: inout SplitMix64) -> Double {
        let unit = random.unitInterval()
        let value = 0.6 + unit * unit * unit * unit * unit * 150
        return (value * 1_000).rounded() / 1_000
    }

    private static func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        var remaining = exponent
        while remaining >= 1 {
            result *= 2
            remaining -= 1
        }
        return result * (1 + remaining)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    private static let headSeed: UInt64 = 0x554D_4845_4144
    private static let bodySeed: UInt64 = 0x554D_424F_4459
    private static let quirkSeed: UInt64 = 0x554D_5155_524B
}
