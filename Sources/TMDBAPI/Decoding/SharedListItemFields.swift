/// The fields movies and TV shows share, under the same JSON keys, so one reader serves both.
protocol SharedListItemFields {
    var originalLanguage: String? { get set }
    var voteAverage: Double? { get set }
    var voteCount: Int? { get set }
    var popularity: Double? { get set }
    var genreIDs: [Int] { get set }
    var adult: Bool { get set }
    var overview: String? { get set }
    var posterPath: String? { get set }
    var backdropPath: String? { get set }
}

extension Movie: SharedListItemFields {}
extension TVShow: SharedListItemFields {}

extension SharedListItemFields {
    /// Reads the value of `key` if it is one of the shared fields, as `init(from:)` decodes it: nil if `key` is not
    /// one of them, false if the value is not as expected or the key was already seen. Uses bits 32–40 of `seen`.
    mutating func scanSharedField(_ key: String, _ scanner: inout JSONScanner, _ seen: inout SeenKeys) -> Bool? {
        switch key {
        case "original_language":
            guard seen.first(32), let value = scanner.nullable({ $0.string() }) else { return false }
            originalLanguage = value
        case "vote_average":
            guard seen.first(33), let value = scanner.nullable({ $0.double() }) else { return false }
            voteAverage = value
        case "vote_count":
            guard seen.first(34), let value = scanner.nullable({ $0.int() }) else { return false }
            voteCount = value
        case "popularity":
            guard seen.first(35), let value = scanner.nullable({ $0.double() }) else { return false }
            popularity = value
        case "genre_ids":
            guard seen.first(36), let value = scanner.nullable({ $0.array(of: { $0.int() }) }) else { return false }
            genreIDs = value ?? []
        case "adult":
            guard seen.first(37), let value = scanner.nullable({ $0.bool() }) else { return false }
            adult = value ?? false
        case "overview":
            guard seen.first(38), let value = scanner.nullable({ $0.string() }) else { return false }
            overview = value
        case "poster_path":
            guard seen.first(39), let value = scanner.nullable({ $0.string() }) else { return false }
            posterPath = value?.nonEmpty
        case "backdrop_path":
            guard seen.first(40), let value = scanner.nullable({ $0.string() }) else { return false }
            backdropPath = value?.nonEmpty
        default:
            return nil
        }
        return true
    }
}
