import Foundation
@testable import Exporter
import TMDBAPI
import Testing

@Suite("TV and details rows")
struct RowTests {
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
            overview: "x", posterPath: nil)
        let (csv, json) = encode(TVRow(rank: 3, show: show, genres: ["Drama"], posterFile: nil))
        #expect(TVRow.columns.joined(separator: ",")
            == "rank,id,name,original_name,original_language,first_air_date,origin_country,vote_average,vote_count,popularity,genre_ids,genres,adult,overview,poster_path,poster_file")
        #expect(csv == "3,9,\"A, \"\"B\"\"\",東京,ja,,JP|US,8.0,3,1.5,18,Drama,false,x,,\n")
        #expect(json["origin_country"] as? [String] == ["JP", "US"])
        #expect(json["first_air_date"] is NSNull)
        #expect(Set(json.keys) == Set(TVRow.columns))
    }

    @Test("writes the same fields to CSV and NDJSON, in column order, for every row type")
    func columnOrder() throws {
        var encoder = RecordEncoder()
        let details = try JSONDecoder().decode(MovieDetails.self, from: Data(#"{"id": 1, "title": "T", "runtime": 90, "genres": [{"id": 18, "name": "Drama"}], "spoken_languages": [{"iso_639_1": "en"}], "tagline": ""}"#.utf8))
        DetailsRow(rank: 1, details: details).encode(into: &encoder)
        let line = String(decoding: encoder.json, as: UTF8.self)
        var position = line.startIndex
        for column in DetailsRow.columns {
            let range = try #require(line.range(of: "\"\(column)\":", range: position..<line.endIndex), "\(column) out of order")
            position = range.upperBound
        }
        #expect(String(decoding: encoder.csv, as: UTF8.self) == "1,1,,T,,,,90,,,18,Drama,en,,,,,,\n")
    }
}
