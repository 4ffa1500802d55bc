/// What the report charts about one data set (a list, or a catalogue's main table), counted row by row: a few
/// counters whatever the number of rows.
package struct DataSetStatistics: Sendable, Hashable {
    /// Vote averages in bins of half a point from 0 to 10; 10 itself falls in the last.
    package static let voteBinCount = 20
    package static let voteBinWidth = 0.5
    /// The posters a contact sheet shows at most.
    package static let posterLimit = 24

    package var rows = 0
    /// Rows with votes, by vote average bin.
    package var voteBins = [Int](repeating: 0, count: voteBinCount)
    /// Rows without a vote (`vote_count` 0) or without a vote average that reads as 0 to 10.
    package var unrated = 0
    package private(set) var voteTotal = 0.0
    /// Rows by the year of their release (first air) date.
    package var releasesByYear: [Int: Int] = [:]
    /// Rows without a date that starts with a year.
    package var undated = 0
    /// Rows (or genre rows) by genre name.
    package var genres: [String: Int] = [:]
    /// The first posters: by rank for lists, by popularity for catalogues.
    package var posters: [PosterTile] = []

    package var rated: Int { rows - unrated }
    package var meanVote: Double? { rated > 0 ? voteTotal / Double(rated) : nil }

    /// Counts one row.
    package mutating func count(voteAverage: String?, voteCount: String?, date: String?) {
        rows += 1
        if voteCount == "0" {
            unrated += 1
        } else if let vote = voteAverage.flatMap(Double.init), vote >= 0, vote <= 10 {
            voteBins[min(Self.voteBinCount - 1, Int(vote / Self.voteBinWidth))] += 1
            voteTotal += vote
        } else {
            unrated += 1
        }
        if let year = Self.year(of: date) {
            releasesByYear[year, default: 0] += 1
        } else {
            undated += 1
        }
    }

    /// Counts one genre of a row.
    package mutating func count(genre: String) {
        genres[genre, default: 0] += 1
    }

    /// The most frequent genres, most first, ties by name.
    package func topGenres(_ limit: Int = 10) -> [(name: String, count: Int)] {
        genres.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(limit).map { ($0.key, $0.value) }
    }

    /// The year a `YYYY-MM-DD` date starts with, if it is a plausible one.
    package static func year(of date: String?) -> Int? {
        guard let date, date.utf8.count >= 4, let year = Int(date.prefix(4)), (1800...2200).contains(year) else {
            return nil
        }
        return year
    }

    package init(
        rows: Int = 0,
        voteBins: [Int] = [Int](repeating: 0, count: voteBinCount),
        unrated: Int = 0,
        voteTotal: Double = 0.0,
        releasesByYear: [Int: Int] = [:],
        undated: Int = 0,
        genres: [String: Int] = [:],
        posters: [PosterTile] = []
    ) {
        self.rows = rows
        self.voteBins = voteBins
        self.unrated = unrated
        self.voteTotal = voteTotal
        self.releasesByYear = releasesByYear
        self.undated = undated
        self.genres = genres
        self.posters = posters
    }
}
