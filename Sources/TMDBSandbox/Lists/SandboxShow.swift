/// One TV show of the sandbox catalogue, with the fields of a TMDB TV list result.
struct SandboxShow: Sendable, Equatable {
    /// TMDB TV id: unique, positive, not contiguous, and never the id of a ``SandboxMovie``.
    var id: Int
    /// Localized name; may hold commas, quotes, line breaks, any script (right-to-left too) or emoji.
    var name: String
    /// Name in the original language.
    var originalName: String
    /// ISO 639-1 code of the original language, e.g. `"en"`, `"ko"`, `"he"`.
    var originalLanguage: String
    /// ISO 3166-1 codes of the countries of origin, e.g. `["US", "GB"]`; may be empty.
    var originCountry: [String]
    /// Plot summary; may hold tabs, backslashes and line breaks.
    var overview: String
    /// `YYYY-MM-DD` of the first episode, or `""` when TMDB has no date.
    var firstAirDate: String
    /// Average vote, 0...10 with one decimal; integral values are served as JSON integers.
    var voteAverage: Double
    /// Number of votes; may be 0.
    var voteCount: Int
    /// TMDB popularity score.
    var popularity: Double
    /// Ids from ``SandboxGenre/tv``; may be empty.
    var genreIds: [Int]
    /// Whether the show is flagged adult.
    var adult: Bool
    /// `/xxxx.jpg` poster file, or nil (served as JSON `null`); served under `/t/p/{size}/` like movie posters.
    var posterPath: String?
    /// `/xxxx.jpg` backdrop file, or nil (served as JSON `null`).
    var backdropPath: String?

    /// The show as a TMDB TV result object, keys in TMDB's order. A third of the shows also carry `"softcore":false`
    /// (``carriesSoftcore``).
    /// - Parameter withMediaType: add `"media_type":"tv"` after `id`, as in trending results.
    func jsonFragment(withMediaType: Bool = false) -> [UInt8] {
        var json = JSONBuffer(capacity: 512)
        json.listResultOpening(adult: adult, backdropPath: backdropPath, genreIds: genreIds, id: id)
        if withMediaType { json.raw(",\"media_type\":\"tv\"") }
        json.raw(",\"origin_country\":")
        json.stringArray(originCountry)
        json.raw(",\"original_language\":")
        json.string(originalLanguage)
        json.raw(",\"original_name\":")
        json.string(originalName)
        json.raw(",\"overview\":")
        json.string(overview)
        json.raw(",\"popularity\":")
        json.number(popularity)
        json.raw(",\"poster_path\":")
        json.optionalString(posterPath)
        if carriesSoftcore { json.raw(",\"softcore\":false") }
        json.raw(",\"first_air_date\":")
        json.string(firstAirDate)
        json.raw(",\"name\":")
        json.string(name)
        json.raw(",\"vote_average\":")
        json.number(voteAverage)
        json.raw(",\"vote_count\":")
        json.int(voteCount)
        json.raw("}")
        return json.bytes
    }

    /// Whether the list result carries `softcore`, as some of TMDB's do (see ``SandboxMovie/carriesSoftcore``).
    var carriesSoftcore: Bool { id % 3 == 0 }
}
