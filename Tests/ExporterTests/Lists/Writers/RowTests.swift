import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("TV and details rows")
struct RowTests {
    /// A `/movie/{id}` answer read as the lists' details are.
    static func details(_ json: String) throws -> MovieRecord {
        try Array(json.utf8).withUnsafeBytes { bytes throws(CatalogueRecordError) in try MovieRecord(details: bytes) }
    }

    func encode(_ row: some OutputRow) -> (csv: String, json: [String: Any]) {
        var encoder = RecordEncoder()
        row.encode(into: &encoder)
        let object = (try? JSONSerialization.jsonObject(with: Data(encoder.json))) as? [String: Any] ?? [:]
        return (String(decoding: encoder.csv, as: UTF8.self), object)
    }

    @Test("writes TV rows with name, first_air_date and origin_country, in the documented order")
    func tvRow() throws {
        let show = TVShow(
            id: 9, name: "A, \"B\"", originalName: "東京", originalLanguage: "ja", firstAirDate: nil,
            originCountry: ["JP", "US"], voteAverage: 8, voteCount: 3, popularity: 1.5, genreIDs: [18], adult: false,
            overview: "x", posterPath: nil, backdropPath: "/b.jpg", mediaType: "tv")
        let (csv, json) = encode(TVRow(rank: 3, show: show, genres: ["Drama"], posterFile: nil))
        #expect(
            TVRow.columns.joined(separator: ",")
                == "rank,id,name,original_name,original_language,first_air_date,origin_country,vote_average,vote_count,popularity,genre_ids,genres,adult,overview,poster_path,poster_file,backdrop_path,media_type"
        )
        #expect(csv == "3,9,\"A, \"\"B\"\"\",東京,ja,,JP|US,8.0,3,1.5,18,Drama,false,x,,,/b.jpg,tv\n")
        #expect(json["origin_country"] as? [String] == ["JP", "US"])
        #expect(json["first_air_date"] is NSNull)
        #expect(Set(json.keys) == Set(TVRow.columns))
    }

    @Test("writes the same fields to CSV and NDJSON, in column order, for every row type")
    func columnOrder() throws {
        var encoder = RecordEncoder()
        let details = try Self.details(
            #"{"id": 1, "title": "T", "runtime": 90, "genres": [{"id": 18, "name": "Drama"}], "spoken_languages": [{"iso_639_1": "en"}], "tagline": ""}"#
        )
        DetailsRow(rank: 1, details: details).encode(into: &encoder)
        let line = String(decoding: encoder.json, as: UTF8.self)
        var position = line.startIndex
        for column in DetailsRow.columns {
            let range = try #require(
                line.range(of: "\"\(column)\":", range: position..<line.endIndex), "\(column) out of order")
            position = range.upperBound
        }
        #expect(String(decoding: encoder.csv, as: UTF8.self) == "1,1,,T,,,,90,,,18,Drama,en,,,,,,,,,,,\n")
    }

    /// The NDJSON bytes are a contract with whoever reads the files: pinned here, escapes and raw UTF-8 included.
    @Test("writes NDJSON lines byte for byte: escapes for quotes, backslashes and controls, raw UTF-8 otherwise")
    func ndjsonBytes() throws {
        let movie = Movie(
            id: 42, title: "q\"b\\n\nr\rt\tb\u{08}f\u{0C}c\u{01}\u{1F}d\u{7F}", originalTitle: "ü日本語🎬 שלום\u{2028}",
            originalLanguage: nil, releaseDate: "2026-01-02", voteAverage: .nan, voteCount: 12, popularity: 0.5,
            genreIDs: [], adult: true, overview: "", posterPath: nil)
        var encoder = RecordEncoder(csv: false, json: true)
        MovieRow(rank: 1, movie: movie, genres: [], posterFile: nil).encode(into: &encoder)
        let show = TVShow(
            id: 9, name: "N", originCountry: ["JP", "U\"S"], voteAverage: 8, genreIDs: [18, 35], overview: "é\u{00}")
        let tvRow = TVRow(rank: 2, show: show, genres: ["Drama", "Com\\edy"], posterFile: "posters/w92/a.jpg")
        tvRow.encode(into: &encoder)
        let detailsJSON = #"""
            {"id": 1, "title": "T\u2029", "budget": -5, "genres": [{"id": 18, "name": "Drama"}], "popularity": 1e-7}
            """#
        let details = try Self.details(detailsJSON)
        DetailsRow(rank: 3, details: details).encode(into: &encoder)
        let expected = [
            #"{"rank":1,"id":42,"title":"q\"b\\n\nr\rt\tb\bf\fc\u0001\u001fd"# + "\u{7F}"
                + #"","original_title":"ü日本語🎬 שלום"# + "\u{2028}"
                + #"","original_language":null,"release_date":"2026-01-02","vote_average":null,"vote_count":12,"#
                + #""popularity":0.5,"genre_ids":[],"genres":[],"adult":true,"overview":"","poster_path":null,"#
                + #""poster_file":null,"backdrop_path":null,"video":null,"media_type":null}"#,
            #"{"rank":2,"id":9,"name":"N","original_name":null,"original_language":null,"first_air_date":null,"#
                + #""origin_country":["JP","U\"S"],"vote_average":8.0,"vote_count":null,"popularity":null,"#
                + #""genre_ids":[18,35],"genres":["Drama","Com\\edy"],"adult":false,"overview":"é\u0000","#
                + #""poster_path":null,"poster_file":"posters/w92/a.jpg","backdrop_path":null,"media_type":null}"#,
            #"{"rank":3,"id":1,"imdb_id":null,"title":"T"# + "\u{2029}"
                + #"","original_title":null,"status":null,"release_date":null,"runtime":null,"budget":-5,"#
                + #""revenue":null,"genre_ids":[18],"genres":["Drama"],"spoken_languages":[],"#
                + #""production_countries":[],"tagline":null,"homepage":null,"vote_average":null,"vote_count":null,"#
                + #""popularity":1e-07,"collection_id":null,"collection_name":null,"production_company_ids":[],"#
                + #""production_companies":[],"origin_country":[]}"#,
        ]
        #expect(encoder.json == Array((expected.joined(separator: "\n") + "\n").utf8))
    }

    @Test("writes the same digits for a double to CSV and NDJSON", arguments: [8.7, 9.0, 0.1 + 0.2, 1e-7, -1234.5])
    func sameDigits(value: Double) {
        var encoder = RecordEncoder()
        encoder.decimal("x", value)
        encoder.end()
        #expect(String(decoding: encoder.json, as: UTF8.self) == "{\"x\":\(NumberText.decimal(value))}\n")
        #expect(String(decoding: encoder.csv, as: UTF8.self) == NumberText.decimal(value) + "\n")
    }
}
