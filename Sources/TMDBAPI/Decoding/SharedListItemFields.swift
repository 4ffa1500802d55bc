import JSON

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
    var mediaType: String? { get set }
}

extension Movie: SharedListItemFields {}
extension TVShow: SharedListItemFields {}

extension SharedListItemFields {
    /// Reads the value of `key` as `init(from:)` decodes it if `key` is one of the shared fields; false, reading
    /// nothing, if it is not. Uses bits 32–41 of `seen`.
    mutating func scanSharedField(
        _ key: String, _ scanner: inout JSONScanner, _ seen: inout SeenKeys
    ) throws(JSONScanner.Failure) -> Bool {
        switch key {
        case "original_language":
            try seen.insert(32, scanner)
            originalLanguage = try scanner.null() ? nil : scanner.string()
        case "vote_average":
            try seen.insert(33, scanner)
            voteAverage = try scanner.null() ? nil : scanner.double()
        case "vote_count":
            try seen.insert(34, scanner)
            voteCount = try scanner.null() ? nil : scanner.int()
        case "popularity":
            try seen.insert(35, scanner)
            popularity = try scanner.null() ? nil : scanner.double()
        case "genre_ids":
            try seen.insert(36, scanner)
            genreIDs = []
            if try scanner.null() { break }
            var array = try scanner.openArray()
            while try scanner.nextElement(in: &array) { genreIDs.append(try scanner.int()) }
        case "adult":
            try seen.insert(37, scanner)
            adult = try scanner.null() ? false : scanner.bool()
        case "overview":
            try seen.insert(38, scanner)
            overview = try scanner.null() ? nil : scanner.string()
        case "poster_path":
            try seen.insert(39, scanner)
            posterPath = try scanner.null() ? nil : scanner.string().nonEmpty
        case "backdrop_path":
            try seen.insert(40, scanner)
            backdropPath = try scanner.null() ? nil : scanner.string().nonEmpty
        case "media_type":
            try seen.insert(41, scanner)
            mediaType = try scanner.null() ? nil : scanner.string()
        default:
            return false
        }
        return true
    }
}
