import Foundation
import TMDBAPI
import Testing

@Suite("Catalogue record errors")
struct CatalogueRecordErrorTests {
    @Test("names the id, the key path and what was found when a known field has the wrong type")
    func wrongTypeInCredits() throws {
        let data = try Fixture.data("catalogue_movie_malformed.json")
        let error = #expect(throws: CatalogueRecordError.self) { try CatalogueDecoding.movie(data) }
        #expect(error?.id == 551)
        #expect(error?.path == "credits.cast[3].order")
        #expect(error?.message == "expected an integer, found a string")
        #expect(
            error?.description.hasPrefix("movie 551: credits.cast[3].order: expected an integer, found a string")
                == true)
    }

    @Test(
        "says where and what for each kind of malformed answer",
        arguments: [
            (#"{"id": 1, "runtime": 1.5}"#, 1, "runtime", "expected an integer, found a decimal number"),
            (#"{"id": 1, "budget": true}"#, 1, "budget", "expected an integer, found a boolean"),
            (#"{"id": 1, "title": 5}"#, 1, "title", "expected a string, found a number"),
            (#"{"id": 1, "adult": "no"}"#, 1, "adult", "expected true or false, found a string"),
            (#"{"id": 1, "popularity": "1.0"}"#, 1, "popularity", "expected a number, found a string"),
            (#"{"id": 1, "genres": {"id": 2}}"#, 1, "genres", "expected an array, found an object"),
            (#"{"id": 1, "genres": [{"id": 2}, 3]}"#, 1, "genres[1]", "expected an object, found a number"),
            (#"{"id": 1, "origin_country": ["US", 4]}"#, 1, "origin_country[1]", "expected a string, found a number"),
            (
                #"{"id": 1, "release_dates": {"results": [{"release_dates": [{"type": "3"}]}]}}"#, 1,
                "release_dates.results[0].release_dates[0].type", "expected an integer, found a string"
            ),
            (
                #"{"external_ids": {"imdb_id": 12}, "id": 9}"#, 9, "external_ids.imdb_id",
                "expected a string, found a number"
            ),
            (#"{"title": "no id"}"#, nil, "", "no integer id in the details object"),
            (#"[1, 2]"#, nil, "", "expected an object, found an array"),
            (#"{"id": 1} {"id": 2}"#, 1, "", "unexpected text after the details object"),
        ] as [(String, Int?, String, String)])
    func malformed(text: String, id: Int?, path: String, message: String) throws {
        let error = try #require(CatalogueDecoding.movieError(text))
        #expect(error.id == id)
        #expect(error.path == path)
        #expect(error.message == message)
        #expect(error.type == .movie)
    }

    @Test("reports the scanner's reason for text that is not JSON, with the id when it came first")
    func notJSON() throws {
        let error = try #require(CatalogueDecoding.movieError(#"{"id": 12, "title": "x", "overview": "cut off"#))
        #expect(error.id == 12)
        #expect(error.path == "overview")
        #expect(error.message.contains("unterminated string"))
        #expect(error.offset > 0)
    }

    @Test("names the series and the path of a wrong type inside aggregate credits")
    func seriesPath() throws {
        let text =
            #"{"id": 4, "aggregate_credits": {"cast": [{"roles": [{"episode_count": null}, {"episode_count": []}]}]}}"#
        let error = #expect(throws: CatalogueRecordError.self) { try CatalogueDecoding.series(Data(text.utf8)) }
        #expect(error?.type == .tv)
        #expect(error?.id == 4)
        #expect(error?.path == "aggregate_credits.cast[0].roles[1].episode_count")
        #expect(error?.message == "expected an integer, found an array")
    }
}
