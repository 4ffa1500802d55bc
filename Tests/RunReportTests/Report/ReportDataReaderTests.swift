import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("Reading a run's data sets back for its report")
struct ReportDataReaderTests {
    /// 30 rows: ranks 1 to 30, a poster for every rank but 2, genres Drama and (on even ranks) Crime.
    static let rows: [[String]] = (1...30).map { rank in
        ReportFixtures.movieRow(
            rank: rank, title: "Title \(rank), \"the\" one", date: rank == 5 ? "" : "\(1990 + rank % 3)-01-01",
            vote: "\(Double(rank % 10) + 0.5)", votes: rank == 7 ? "0" : "12",
            genres: rank % 2 == 0 ? "Drama|Crime" : "Drama", posterFile: rank == 2 ? "" : "posters/w92/p\(rank).jpg")
    }

    static func ndjson(_ rows: [[String]]) throws -> String {
        try rows.map { row in
            let object: [String: Any] = [
                "rank": Int(row[0])!, "title": row[2], "release_date": row[5].isEmpty ? NSNull() : row[5],
                "vote_average": Double(row[6])!, "vote_count": Int(row[7])!,
                "genres": row[10].split(separator: "|").map(String.init),
                "poster_file": row[14].isEmpty ? NSNull() : row[14],
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    @Test(
        "counts a list's votes, years and genres, and keeps its first 24 posters by rank", arguments: ["csv", "ndjson"])
    func list(format: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        if format == "csv" {
            try ReportFixtures.writeCSV(
                [ListTable.movies.columns.map(\.name)] + Self.rows, to: "movie_top_rated.csv", in: directory.path)
        } else {
            try directory.write(try Self.ndjson(Self.rows), to: "movie_top_rated.ndjson")
        }
        let manifest = ReportFixtures.manifest(files: [ReportFixtures.file("movie_top_rated.\(format)", rows: 30)])
        let sets = try ReportDataReader(runDirectory: directory.path, jobDirectory: directory.path).dataSets(
            of: manifest)
        let statistics = try #require(sets.first).statistics
        #expect(sets.map(\.file) == ["movie_top_rated.\(format)"])
        #expect(statistics.rows == 30)
        #expect(statistics.unrated == 1)
        #expect(statistics.voteBins[1] == 3 && statistics.voteBins[15] == 2 && statistics.voteBins[19] == 3)
        #expect(statistics.releasesByYear == [1990: 10, 1991: 10, 1992: 9])
        #expect(statistics.undated == 1)
        #expect(statistics.genres == ["Drama": 30, "Crime": 15])
        #expect(statistics.posters.count == 24)
        #expect(statistics.posters.map(\.rank) == [1] + Array(3...25))
        #expect(
            statistics.posters[0]
                == PosterTile(
                    rank: 1, title: "Title 1, \"the\" one", file: "posters/w92/p1.jpg", year: 1991, voteAverage: "1.5"))
    }

    @Test("reads the CSV file of a list written in both formats, and not its details file")
    func listFile() {
        let files = ["a.csv", "a.ndjson", "a_details.csv", "a_details.ndjson"].map { ReportFixtures.file($0, rows: 1) }
        #expect(ReportDataReader.listFile(files)?.path == "a.csv")
        #expect(ReportDataReader.listFile(Array(files[1...1]))?.path == "a.ndjson")
        #expect(ReportDataReader.listFile([]) == nil)
    }

    @Test("counts a catalogue's movies and its genre table, and shows the most popular posters that are on disk")
    func catalogue() throws {
        let job = try TemporaryDirectory()
        defer { job.remove() }
        let run = (job.path as NSString).appendingPathComponent("staging/20261122T020000Z")
        let columns = MovieTable.movies.table.columns.map(\.name)
        let movies = (1...6).map { id -> [String] in
            var row = [String](repeating: "", count: columns.count)
            let set = { (name: String, value: String) in row[columns.firstIndex(of: name)!] = value }
            set("id", "\(id)")
            set("title", "Movie \(id)")
            set("release_date", "200\(id)-05-01")
            set("vote_average", "\(id).0")
            set("vote_count", "3")
            set("popularity", "\(id * 10)")
            set("poster_path", id == 4 ? "/../../evil.jpg" : "/m\(id).jpg")
            set("overview", "Commas, \"quotes\"\nand lines")
            return row
        }
        try ReportFixtures.writeCSV([columns] + movies, to: "movies.csv", in: run)
        try ReportFixtures.writeCSV(
            [["movie_id", "genre_id", "name"], ["1", "18", "Drama"], ["1", "80", "Crime"], ["2", "18", "Drama"]],
            to: "movie_genres.csv", in: run)
        // On disk: the posters of movies 1, 2, 4 and 6; movie 5's is missing, movie 4's path is refused.
        for id in [1, 2, 6] { try job.write("jpeg", to: "posters/w92/m\(id).jpg") }
        let files = [ReportFixtures.file("movies.csv", rows: 6), ReportFixtures.file("movie_genres.csv", rows: 3)]
        let manifest = ReportFixtures.manifest(catalogue: [ReportFixtures.catalogue(files: files, posters: true)])
        let sets = try ReportDataReader(runDirectory: run, jobDirectory: job.path).dataSets(of: manifest)
        let set = try #require(sets.first)
        #expect(set.origin == .catalogue(0) && set.file == "movies.csv" && !set.isSeries)
        #expect(set.statistics.rows == 6)
        #expect(set.statistics.genres == ["Drama": 2, "Crime": 1])
        #expect(set.statistics.releasesByYear.count == 6)
        #expect(set.statistics.posters.map(\.title) == ["Movie 6", "Movie 2", "Movie 1"])
        #expect(set.statistics.posters.map(\.rank) == [1, 2, 3])
        #expect(set.statistics.posters.first?.file == "posters/w92/m6.jpg")
    }

    @Test("fails, naming the file, when a data file the manifest names is missing")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let manifest = ReportFixtures.manifest(files: [ReportFixtures.file("gone.csv", rows: 1)])
        let error = #expect(throws: OutputError.self) {
            try ReportDataReader(runDirectory: directory.path, jobDirectory: directory.path).dataSets(of: manifest)
        }
        #expect(error?.path.hasSuffix("gone.csv") == true)
    }
}
