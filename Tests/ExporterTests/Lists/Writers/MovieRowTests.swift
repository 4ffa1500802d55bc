import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Movie rows")
struct MovieRowTests {
    let row = MovieRow(
        rank: 41,
        movie: Movie(
            id: 7, title: "A, \"B\"\nC", originalTitle: nil, originalLanguage: "fr", releaseDate: nil, voteAverage: 9,
            voteCount: 0, popularity: 12.25, genreIDs: [18, 35], adult: false, overview: "tab\there",
            posterPath: "/p.jpg", backdropPath: "/b.jpg", video: false, mediaType: nil),
        genres: ["Drama", "Comedy"], posterFile: "posters/w342/p.jpg")

    @Test("writes the columns in the contract's order, those TMDB's items added later at the end")
    func columns() {
        #expect(
            MovieRow.columns.joined(separator: ",")
                == "rank,id,title,original_title,original_language,release_date,vote_average,vote_count,popularity,genre_ids,genres,adult,overview,poster_path,poster_file,backdrop_path,video,media_type"
        )
    }

    @Test("writes a CSV record with empty fields for null and lists joined by |")
    func csv() {
        var encoder = RecordEncoder(csv: true, json: false)
        row.encode(into: &encoder)
        #expect(
            String(decoding: encoder.csv, as: UTF8.self)
                == "41,7,\"A, \"\"B\"\"\nC\",,fr,,9.0,0,12.25,18|35,Drama|Comedy,false,tab\there,/p.jpg,posters/w342/p.jpg,/b.jpg,false,\n"
        )
    }

    @Test("writes an NDJSON line with typed values in column order")
    func ndjson() throws {
        var encoder = RecordEncoder(csv: false, json: true)
        row.encode(into: &encoder)
        let buffer = encoder.json
        let text = String(decoding: buffer, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.filter { $0 == "\n" }.count == 1)
        #expect(text.hasPrefix(#"{"rank":41,"id":7,"title":"A, \"B\"\nC","original_title":null,"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer)) as? [String: Any])
        #expect(Set(object.keys) == Set(MovieRow.columns))
        #expect(object["genre_ids"] as? [Int] == [18, 35])
        #expect(object["genres"] as? [String] == ["Drama", "Comedy"])
        #expect(object["adult"] as? Bool == false)
        #expect(object["release_date"] is NSNull)
        #expect(object["vote_average"] as? Double == 9)
        #expect(object["video"] as? Bool == false)
        #expect(object["media_type"] is NSNull)
    }
}
