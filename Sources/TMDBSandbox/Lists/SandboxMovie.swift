/// One movie of the sandbox catalogue, with the fields of a TMDB movie list result.
struct SandboxMovie: Sendable, Equatable {
    /// TMDB movie id: unique, positive, not contiguous.
    var id: Int
    /// Localized title; may hold commas, quotes, line breaks, leading/trailing spaces, any script or emoji.
    var title: String
    /// Title in the original language.
    var originalTitle: String
    /// ISO 639-1 code of the original language, e.g. `"en"`, `"ja"`, `"ar"`.
    var originalLanguage: String
    /// Plot summary; may hold tabs, backslashes and control characters.
    var overview: String
    /// `YYYY-MM-DD`, or `""` when TMDB has no date.
    var releaseDate: String
    /// Average vote, 0...10 with one decimal; integral values are served as JSON integers.
    var voteAverage: Double
    /// Number of votes; may be 0.
    var voteCount: Int
    /// TMDB popularity score.
    var popularity: Double
    /// Ids from ``SandboxGenre/all``; may be empty.
    var genreIds: [Int]
    /// Whether the movie is flagged adult.
    var adult: Bool
    /// `/xxxx.jpg` poster file, or nil (served as JSON `null`). Hostile values when the server runs with
    /// ``SandboxFaultPlan/unsafePosterPaths``.
    var posterPath: String?
    /// `/xxxx.jpg` backdrop file, or nil (served as JSON `null`).
    var backdropPath: String?

    /// The movie as a TMDB list result object, keys in TMDB's order. A third of the movies also carry
    /// `"softcore":false` (``carriesSoftcore``).
    /// - Parameter withMediaType: add `"media_type":"movie"` after `id`, as in trending and recommendation results.
    func jsonFragment(withMediaType: Bool = false) -> [UInt8] {
        var json = JSONBuffer(capacity: 512)
        json.listResultOpening(adult: adult, backdropPath: backdropPath, genreIds: genreIds, id: id)
        if withMediaType { json.raw(",\"media_type\":\"movie\"") }
        json.raw(",\"original_language\":")
        json.string(originalLanguage)
        json.raw(",\"original_title\":")
        json.string(originalTitle)
        json.raw(",\"overview\":")
        json.string(overview)
        json.raw(",\"popularity\":")
        json.number(popularity)
        json.raw(",\"poster_path\":")
        json.optionalString(posterPath)
        json.raw(",\"release_date\":")
        json.string(releaseDate)
        if carriesSoftcore { json.raw(",\"softcore\":false") }
        json.raw(",\"title\":")
        json.string(title)
        json.raw(",\"video\":false,\"vote_average\":")
        json.number(voteAverage)
        json.raw(",\"vote_count\":")
        json.int(voteCount)
        json.raw("}")
        return json.bytes
    }

    /// Whether the list result carries `softcore`, a field TMDB sends on some items that no documentation lists:
    /// readers must take keys they do not know in their stride. `false` in lists, which hold no adult items.
    var carriesSoftcore: Bool { id % 3 == 0 }
}
