import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("The list tables' column definitions")
struct ListTableTests {
    /// Each table's columns as the files had them before TMDB's other item fields were added: a contract with every
    /// reader of earlier files, so these stay first and in this order.
    static let earlierColumns: [ListTable: String] = [
        .movies:
            "rank,id,title,original_title,original_language,release_date,vote_average,vote_count,popularity,genre_ids,genres,adult,overview,poster_path,poster_file",
        .shows:
            "rank,id,name,original_name,original_language,first_air_date,origin_country,vote_average,vote_count,popularity,genre_ids,genres,adult,overview,poster_path,poster_file",
        .details:
            "rank,id,imdb_id,title,original_title,status,release_date,runtime,budget,revenue,genre_ids,genres,spoken_languages,production_countries,tagline,homepage,vote_average,vote_count,popularity",
    ]

    static let movie = Movie(
        id: 7, title: "T", originalTitle: "O", originalLanguage: "fr", releaseDate: "2026-01-02", voteAverage: 7.5,
        voteCount: 3, popularity: 1.25, genreIDs: [18], adult: false, overview: "x", posterPath: "/p.jpg",
        backdropPath: "/b.jpg", video: true, mediaType: "movie")

    static let show = TVShow(
        id: 9, name: "N", originalName: "O", originalLanguage: "ja", firstAirDate: "2026-01-02",
        originCountry: ["JP"], voteAverage: 8, voteCount: 3, popularity: 1.5, genreIDs: [18], adult: false,
        overview: "x", posterPath: "/p.jpg", backdropPath: "/b.jpg", mediaType: "tv")

    static let details = #"""
        {"id": 7, "title": "T", "original_title": "O", "imdb_id": "tt1", "status": "Released",
         "release_date": "2026-01-02", "runtime": 95, "budget": 1, "revenue": 2,
         "genres": [{"id": 18, "name": "Drama"}], "spoken_languages": [{"iso_639_1": "fr"}],
         "production_countries": [{"iso_3166_1": "FR"}], "tagline": "t", "homepage": "h", "vote_average": 7.5,
         "vote_count": 3, "popularity": 1.25, "belongs_to_collection": {"id": 10, "name": "C"},
         "production_companies": [{"id": 4, "name": "Studio, Inc."}], "origin_country": ["FR"]}
        """#

    /// Writes one row, every field set, through the list writer, and returns the CSV and NDJSON it wrote.
    static func written(_ table: ListTable) throws -> (csv: [[String]], ndjson: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source: ListSource = table == .shows ? .tvList(.popular) : .movieList(.popular)
        let request = Job.ListRequest(source: source, pages: .range(1...1), details: table == .details)
        let writer = try ListTableWriter(
            request: request, directory: directory.path, formats: Job.OutputFormat.allCases,
            genreNames: [18: "Drama"], posterSize: "w342")
        let entry: ListEntry = table == .shows ? .tv(show) : .movie(movie)
        let found = try RowTests.details(details)
        try writer.write([
            ResolvedRow(
                rank: 1, entry: entry, poster: .downloaded(file: "p.jpg"),
                details: table == .details ? .fetched(found) : .notAsked)
        ])
        try writer.finish()
        let base = table == .details ? request.slug + "_details" : request.slug
        return (try CSVReader.records(directory.read(base + ".csv")), try directory.read(base + ".ndjson"))
    }

    @Test(
        "gives each list file its table's columns: the CSV header and the NDJSON keys, in order",
        arguments: ListTable.allCases)
    func filesFollowTheDefinitions(table: ListTable) throws {
        let names = table.columns.map(\.name)
        let (csv, ndjson) = try Self.written(table)
        #expect(csv.first == names)
        #expect(csv.dropFirst().map(\.count) == [names.count], "one record with a field per column")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ndjson.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(names))
        var position = ndjson.startIndex
        for name in names {
            let found = try #require(
                ndjson.range(of: "\"\(name)\":", range: position..<ndjson.endIndex), "\(name) out of order")
            position = found.upperBound
        }
    }

    @Test(
        "keeps the columns earlier files had first and in their order, adding new ones at the end only",
        arguments: ListTable.allCases)
    func earlierColumnsFirst(table: ListTable) throws {
        let earlier = try #require(Self.earlierColumns[table]).split(separator: ",").map(String.init)
        let names = table.columns.map(\.name)
        #expect(Array(names.prefix(earlier.count)) == earlier)
        #expect(Set(names).count == names.count, "no column twice")
    }

    @Test("writes TMDB's item fields that the first files left out: backdrop, video, media type, details' companies")
    func addedFields() throws {
        let movies = try Self.written(.movies).csv
        let movieRow = Dictionary(uniqueKeysWithValues: zip(movies[0], movies[1]))
        #expect(movieRow["backdrop_path"] == "/b.jpg")
        #expect(movieRow["video"] == "true")
        #expect(movieRow["media_type"] == "movie")
        let shows = try Self.written(.shows).csv
        let showRow = Dictionary(uniqueKeysWithValues: zip(shows[0], shows[1]))
        #expect(showRow["backdrop_path"] == "/b.jpg")
        #expect(showRow["media_type"] == "tv")
        let details = try Self.written(.details).csv
        let detailsRow = Dictionary(uniqueKeysWithValues: zip(details[0], details[1]))
        #expect(detailsRow["collection_id"] == "10")
        #expect(detailsRow["collection_name"] == "C")
        #expect(detailsRow["production_company_ids"] == "4")
        #expect(detailsRow["production_companies"] == "Studio, Inc.")
        #expect(detailsRow["origin_country"] == "FR")
    }
}
