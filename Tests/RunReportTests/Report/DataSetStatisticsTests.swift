import Testing

@testable import RunReport

@Suite("What the report counts about a data set")
struct DataSetStatisticsTests {
    @Test(
        "puts a vote average in its half-point bin, 10 in the last, and a row without votes in none",
        arguments: [
            ("0", "5", 0), ("0.4", "5", 0), ("0.5", "5", 1), ("7.49", "5", 14), ("7.5", "5", 15), ("9.99", "5", 19),
            ("10", "5", 19), ("10.0", "5", 19),
        ])
    func voteBins(vote: String, votes: String, bin: Int) {
        var statistics = DataSetStatistics()
        statistics.count(voteAverage: vote, voteCount: votes, date: nil)
        #expect(statistics.voteBins[bin] == 1)
        #expect(statistics.voteBins.reduce(0, +) == 1)
        #expect(statistics.unrated == 0)
    }

    @Test(
        "counts as unrated a row with no votes, no vote average, or one outside 0 to 10",
        arguments: [("8.0", "0"), (nil, "12"), ("", "3"), ("11", "3"), ("-1", "3"), ("nan", "3"), ("1e400", "3")]
            as [(String?, String)])
    func unrated(vote: String?, votes: String) {
        var statistics = DataSetStatistics()
        statistics.count(voteAverage: vote, voteCount: votes, date: nil)
        #expect(statistics.unrated == 1)
        #expect(statistics.voteBins.reduce(0, +) == 0)
        #expect(statistics.meanVote == nil)
    }

    @Test(
        "takes the year a date starts with, and counts the rest as undated",
        arguments: [
            ("1999-12-31", 1999), ("2026", 2026), ("", nil), ("soon", nil), ("0000-01-01", nil), ("12", nil),
        ] as [(String, Int?)])
    func years(date: String, year: Int?) {
        #expect(DataSetStatistics.year(of: date) == year)
        var statistics = DataSetStatistics()
        statistics.count(voteAverage: "5", voteCount: "1", date: date)
        #expect(statistics.releasesByYear == (year.map { [$0: 1] } ?? [:]))
        #expect(statistics.undated == (year == nil ? 1 : 0))
    }

    @Test("ranks genres by count, ties by name, ten at most")
    func topGenres() {
        var statistics = DataSetStatistics()
        for (name, count) in [("Drama", 3), ("Action", 3), ("Comedy", 5)] + (1...10).map({ ("G\($0)", 1) }) {
            for _ in 0..<count { statistics.count(genre: name) }
        }
        let top = statistics.topGenres()
        #expect(top.count == 10)
        #expect(top.prefix(4).map(\.name) == ["Comedy", "Action", "Drama", "G1"])
    }

    @Test("keeps the most popular rows, the first seen ahead on a tie")
    func mostPopular() {
        var popular = MostPopular(limit: 3)
        for (rank, popularity) in [(1, 5.0), (2, 9.0), (3, 1.0), (4, 9.0), (5, 7.0), (6, 0.5)] {
            popular.offer(PosterTile(rank: rank, title: "\(rank)", file: ""), popularity: popularity)
        }
        #expect(popular.tiles.map(\.rank) == [2, 4, 5])
        #expect(!popular.wouldKeep(5.0))
    }

    @Test(
        "accepts as a poster only a path the exporter writes: posters/<size>/<safe file name>",
        arguments: [
            ("posters/w342/abc.jpg", true), ("posters/original/a-b_c.webp", true), ("posters/w342/../x.jpg", false),
            ("../posters/w342/x.jpg", false), ("/posters/w342/x.jpg", false), ("posters/W 342/x.jpg", false),
            ("posters/w342/x.html", false), ("javascript:alert(1)", false), ("posters/w342/a\"b.jpg", false),
            ("posters/w342/sub/x.jpg", false), ("", false),
        ])
    func posterFiles(file: String, accepted: Bool) {
        #expect((PosterTile.checkedFile(file) != nil) == accepted)
    }
}
