import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Values as TMDB sends them, written so that every table loads")
struct ValueRepairTests {
    typealias Fixtures = CatalogueRowFixtures

    /// The fixture movie with `original` replaced by `replacement` (which must be there).
    static func movie(_ original: String, _ replacement: String) throws -> String {
        try #require(Fixtures.movie.contains(original), "fixture lacks \(original)")
        return Fixtures.movie.replacingOccurrences(of: original, with: replacement)
    }

    /// The values of `column` in `table`'s NDJSON rows (NSNull for null), and its CSV text.
    static func column(_ column: String, of table: String, _ rows: CatalogueRows, _ encoder: CatalogueRowEncoder)
        throws -> (values: [Any], csv: String)
    {
        let text = try Fixtures.text(rows, encoder, table)
        let values = try Fixtures.lines(Array(text.ndjson.utf8)).map { $0.object[column] ?? NSNull() }
        return (values, text.csv)
    }

    @Test(
        "NUL and lone surrogates are repaired to U+FFFD and counted, in CSV and NDJSON alike, and the id is kept",
        arguments: [
            (#""title":"Q""#, #""title":"Q\u0000R""#, "title"),
            (#""title":"Q""#, #""title":"Q\ud800R""#, "title"),
            (#""overview":"Line one\nline \"two\", end""#, #""overview":"Q\u0000R""#, "overview"),
        ])
    func strings(original: String, replacement: String, column: String) throws {
        let (encoder, rows) = try Fixtures.rows(try Self.movie(original, replacement), type: .movie)
        let (values, csv) = try Self.column(column, of: "movies", rows, encoder)
        #expect(values.first as? String == "Q\u{FFFD}R")
        #expect(csv.contains("Q\u{FFFD}R") && !csv.utf8.contains(0))
        #expect(!rows.details.contains(0) && !String(decoding: rows.details, as: UTF8.self).contains(#"\u0000"#))
        #expect(rows.repairs.stringsRepaired == 1)
        #expect(rows.repairs.examples == ["movie 42: 1 string with NUL or invalid Unicode repaired to U+FFFD"])
    }

    @Test(
        "a value in a date or datetime column that is no real date or time is written as null, counted and named",
        arguments: [
            (#""release_date":"2001-02-03""#, #""release_date":"2026-02-30""#, "movies", "release_date"),
            (#""release_date":"2001-02-03""#, #""release_date":"0000-00-00""#, "movies", "release_date"),
            (#""release_date":"2001-02-03""#, #""release_date":"+275760-09-13""#, "movies", "release_date"),
            (
                #""published_at":"2019-10-15T18:59:47.000Z""#, #""published_at":"2026-02-30T25:61:00.000Z""#,
                "movie_videos", "published_at"
            ),
            (
                #""release_date":"2001-02-03T00:00:00.000Z""#, #""release_date":"2001-02-03T00:00:61.000Z""#,
                "movie_release_dates", "release_date"
            ),
        ])
    func impossibleDates(original: String, replacement: String, table: String, column: String) throws {
        let (encoder, rows) = try Fixtures.rows(try Self.movie(original, replacement), type: .movie)
        let (values, _) = try Self.column(column, of: table, rows, encoder)
        #expect(values.first is NSNull)
        #expect(rows.repairs.datesNulled == 1)
        #expect(rows.repairs.examples.first?.hasPrefix("movie 42: \(table).\(column) ") == true)
    }

    @Test("a person's impossible birthday and a NUL in a name are repaired as a title's are")
    func person() throws {
        let text = Fixtures.person.replacingOccurrences(of: #""birthday":"""#, with: #""birthday":"1999-02-29""#)
            .replacingOccurrences(of: #""name":"Q. Person""#, with: #""name":"Q.\u0000Person""#)
        let (encoder, rows) = try Fixtures.rows(text, type: .person)
        #expect(try Self.column("birthday", of: "people", rows, encoder).values.first is NSNull)
        #expect(try Self.column("name", of: "people", rows, encoder).values.first as? String == "Q.\u{FFFD}Person")
        #expect(rows.repairs.datesNulled == 1 && rows.repairs.stringsRepaired == 1)
    }

    @Test("a date and time in a date column is written as its date, and counted")
    func datetimeInDateColumn() throws {
        let text = try Self.movie(#""release_date":"2001-02-03""#, #""release_date":"2026-03-01T00:00:00Z""#)
        let (encoder, rows) = try Fixtures.rows(text, type: .movie)
        #expect(try Self.column("release_date", of: "movies", rows, encoder).values.first as? String == "2026-03-01")
        #expect(rows.repairs.datesShortened == 1 && rows.repairs.datesNulled == 0)
    }

    @Test(
        "a number outside its column's range is written as null, counted and named",
        arguments: [
            (#""vote_count":3"#, #""vote_count":-4"#, "movies", "vote_count"),
            (#""vote_average":8.0"#, #""vote_average":11"#, "movies", "vote_average"),
            (#""popularity":0.5"#, #""popularity":-0.5"#, "movie_cast", "popularity"),
            (#""id":5,"known_for_department""#, #""id":0,"known_for_department""#, "movie_cast", "person_id"),
        ])
    func outOfRange(original: String, replacement: String, table: String, column: String) throws {
        let (encoder, rows) = try Fixtures.rows(try Self.movie(original, replacement), type: .movie)
        #expect(try Self.column(column, of: table, rows, encoder).values.first is NSNull)
        #expect(rows.repairs.numbersNulled == 1)
        #expect(rows.repairs.examples.first?.hasPrefix("movie 42: \(table).\(column) ") == true)
    }

    @Test("an integer larger than a 64-bit integer is written as null and named as such, and the id is kept")
    func largeInteger() throws {
        let (encoder, rows) = try Fixtures.rows(
            try Self.movie(#""budget":1000"#, #""budget":9223372036854775808"#), type: .movie)
        #expect(try Self.column("budget", of: "movies", rows, encoder).values.first is NSNull)
        #expect(rows.repairs.numbersNulled == 1)
        #expect(
            rows.repairs.examples == [
                "movie 42: budget 9223372036854775808 is larger than a 64-bit integer; written as null"
            ])
    }

    @Test(
        "a row TMDB lists twice is written once, and a row whose key is out of range left out, counted, in both files",
        arguments: [
            (#"{"id":18,"name":"Drama"},{"id":18,"name":"Drama"}"#, 1, 0),
            (#"{"id":0,"name":"None"},{"id":18,"name":"Drama"}"#, 0, 1),
        ])
    func rowsLeftOut(genres: String, repeated: Int, leftOut: Int) throws {
        let text = try Self.movie(#""genres":[{"id":18,"name":"Drama"}]"#, #""genres":["# + genres + "]")
        let (encoder, rows) = try Fixtures.rows(text, type: .movie)
        let index = try #require(encoder.tables.firstIndex { $0.name == "movie_genres" })
        #expect(rows.tables[index].count == 1)
        #expect(String(decoding: rows.tables[index].csv, as: UTF8.self) == "42,18,Drama\n")
        #expect(String(decoding: rows.tables[index].ndjson, as: UTF8.self).split(separator: "\n").count == 1)
        #expect(rows.repairs.repeatedRowsDropped == repeated && rows.repairs.rowsLeftOut == leftOut)
        let example =
            repeated > 0
            ? "movie 42: movie_genres lists (movie_id 42, genre_id 18) twice; written once"
            : "movie 42: a movie_genres row left out: its key's genre_id 0 is out of range (at least 1)"
        #expect(rows.repairs.examples == [example])
    }

    @Test("two different rows with one key fail the id, naming the table and the key")
    func conflictingRows() throws {
        let text = try Self.movie(
            #""genres":[{"id":18,"name":"Drama"}]"#, #""genres":[{"id":18,"name":"Drama"},{"id":18,"name":"Drame"}]"#)
        let error = #expect(throws: CatalogueRecordError.self) { try Fixtures.rows(text, type: .movie) }
        #expect(
            error?.description
                == "movie 42: movie_genres: two different rows with the key (movie_id 42, genre_id 18) (at byte 0)")
    }

    @Test("an answer with nothing to change counts nothing")
    func nothingChanged() throws {
        let (_, rows) = try Fixtures.rows(Fixtures.movie, type: .movie)
        #expect(rows.repairs == Manifest.ValueRepairs())
    }
}
