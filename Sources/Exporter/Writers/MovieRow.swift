import TMDBAPI

/// One output row: a movie at its rank in a list, with genre names and the downloaded poster's path.
/// The CSV and NDJSON writers both serialise it, with the same fields in the same order.
public struct MovieRow: Sendable, Hashable {
    /// The columns, in order: a contract with everyone who reads the CSV.
    public static let columns = [
        "rank", "id", "title", "original_title", "original_language", "release_date", "vote_average", "vote_count",
        "popularity", "genre_ids", "genres", "adult", "overview", "poster_path", "poster_file",
    ]

    /// The 1-based position in TMDB's list: (page − 1) × 20 + position on the page + 1.
    public var rank: Int
    /// The movie as TMDB sent it.
    public var movie: Movie
    /// Genre names for `genre_ids`, in the same order; ids without a known name are left out.
    public var genres: [String]
    /// The poster's path relative to `output/<name>/`, or nil when there is none.
    public var posterFile: String?

    /// Creates a row.
    public init(rank: Int, movie: Movie, genres: [String], posterFile: String?) {
        self.rank = rank
        self.movie = movie
        self.genres = genres
        self.posterFile = posterFile
    }

    /// The CSV header record.
    public static var csvHeader: [UInt8] { CSVEncoding.record(columns) }

    /// Appends the row as one CSV record (LF-terminated). Null is an empty field; lists are joined with `|`.
    public func appendCSV(to buffer: inout [UInt8]) {
        let fields: [String] = [
            String(rank), String(movie.id), movie.title, movie.originalTitle ?? "", movie.originalLanguage ?? "",
            movie.releaseDate ?? "", movie.voteAverage.map(NumberText.decimal) ?? "",
            movie.voteCount.map { String($0) } ?? "", movie.popularity.map(NumberText.decimal) ?? "",
            movie.genreIDs.map { String($0) }.joined(separator: "|"), genres.joined(separator: "|"),
            movie.adult ? "true" : "false", movie.overview ?? "", movie.posterPath ?? "", posterFile ?? "",
        ]
        CSVEncoding.appendRecord(fields, to: &buffer)
    }

    /// Appends the row as one JSON object and a LF, keys in column order, values typed.
    public func appendNDJSON(to buffer: inout [UInt8]) {
        func key(_ name: String, first: Bool = false) {
            if !first { buffer.append(0x2C) }
            JSONText.appendString(name, to: &buffer)
            buffer.append(0x3A)
        }
        func string(_ value: String?) {
            if let value { JSONText.appendString(value, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
        }
        func number(_ value: Double?) {
            if let value { JSONText.appendNumber(value, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
        }
        buffer.append(0x7B)
        key("rank", first: true)
        buffer.append(contentsOf: String(rank).utf8)
        key("id")
        buffer.append(contentsOf: String(movie.id).utf8)
        key("title")
        string(movie.title)
        key("original_title")
        string(movie.originalTitle)
        key("original_language")
        string(movie.originalLanguage)
        key("release_date")
        string(movie.releaseDate)
        key("vote_average")
        number(movie.voteAverage)
        key("vote_count")
        if let count = movie.voteCount { buffer.append(contentsOf: String(count).utf8) } else {
            buffer.append(contentsOf: "null".utf8)
        }
        key("popularity")
        number(movie.popularity)
        key("genre_ids")
        buffer.append(0x5B)
        buffer.append(contentsOf: movie.genreIDs.map { String($0) }.joined(separator: ",").utf8)
        buffer.append(0x5D)
        key("genres")
        buffer.append(0x5B)
        for (index, name) in genres.enumerated() {
            if index > 0 { buffer.append(0x2C) }
            JSONText.appendString(name, to: &buffer)
        }
        buffer.append(0x5D)
        key("adult")
        buffer.append(contentsOf: (movie.adult ? "true" : "false").utf8)
        key("overview")
        string(movie.overview)
        key("poster_path")
        string(movie.posterPath)
        key("poster_file")
        string(posterFile)
        buffer.append(contentsOf: [0x7D, 0x0A])
    }
}
