import Foundation
import TMDBAPI
import Testing

@Suite("Decoding TV lists and movie details")
struct TVAndDetailsDecodingTests {
    @Test("decodes a TV page: integer vote, empty date, empty origin, hard-case names; skips an item without a name")
    func tvPage() throws {
        let page = try TVPage.decode(try Fixture.data("tv_popular.json"))
        #expect(page.results.items.map(\.value.id) == [1399, 2])
        #expect(page.results.skipped.map(\.position) == [2])
        let first = page.results.items[0].value
        #expect(first.voteAverage == 8)
        #expect(first.originCountry == ["US"])
        #expect(first.backdropPath == nil)
        let second = page.results.items[1].value
        #expect(second.name == "東京, \"Tokyo\"\nStory 🇯🇵")
        #expect(second.firstAirDate == nil)
        #expect(second.posterPath == nil)
        #expect(page.lastServedPage == 7)
    }

    @Test("decodes movie details, with null runtime and empty homepage read as nil")
    func details() throws {
        let details = try CatalogueDecoding.movie(try Fixture.data("movie_details.json"))
        #expect(details.id == 550)
        #expect(details.imdbID == "tt0137523")
        #expect(details.runtime == nil)
        #expect(details.homepage == nil)
        #expect(details.budget == 63_000_000)
        #expect(details.genres.map(\.name) == ["Drama", "Thriller"])
        #expect(details.languages.map(\.code) == ["en"])
        #expect(details.countries.map(\.code) == ["DE", "US"])
        #expect(details.tagline == "Mischief. Mayhem. Soap.")
        #expect(details.collection == nil)
        #expect(details.companies.map(\.id) == [508])
        #expect(details.companies.map(\.name) == ["Regency Enterprises"])
        #expect(details.originCountry == ["US"])
    }

    @Test(
        "reads runtime 0, TMDB's unknown, as nil, and a collection with its id and name",
        arguments: [
            (#""runtime": 0"#, nil), (#""runtime": null"#, nil), (#""runtime": 139"#, 139), ("\"x\": 1", nil),
        ] as [(String, Int?)])
    func runtimeAndCollection(runtime: String, expected: Int?) throws {
        let body =
            #"{"id": 1, "title": "T", "belongs_to_collection": {"id": 10, "name": "C", "poster_path": null}, "#
            + runtime + "}"
        let details = try CatalogueDecoding.movie(Data(body.utf8))
        #expect(details.runtime == expected)
        #expect(details.collection == MovieRecord.Collection(id: 10, name: "C"))
    }

    @Test("reads details without collection, companies or origin countries, or with a company's name null")
    func missingDetailsFields() throws {
        let body = #"{"id": 1, "title": "T", "production_companies": [{"id": 4, "name": null}]}"#
        let details = try CatalogueDecoding.movie(Data(body.utf8))
        #expect(details.collection == nil)
        #expect(details.companies == [CatalogueRecord.Company(id: 4, name: nil)])
        #expect(details.originCountry.isEmpty)
    }
}
