import Foundation
import TMDBAPI
import Testing

@Suite("Series catalogue records")
struct SeriesRecordDecodingTests {
    @Test("reads a series' details with aggregate credits, keywords, external ids and content ratings appended")
    func typicalSeries() throws {
        let series = try CatalogueDecoding.series(try Fixture.data("catalogue_tv_1399.json"))
        #expect(series.id == 1399)
        #expect(series.name == "Game of Thrones")
        #expect(series.firstAirDate == "2011-04-17")
        #expect(series.lastAirDate == "2019-05-19")
        #expect(series.inProduction == false)
        #expect(series.numberOfSeasons == 8)
        #expect(series.numberOfEpisodes == 73)
        #expect(series.episodeRunTime == [60, 57])
        #expect(series.type == "Scripted")
        #expect(series.languageCodes == ["en"])
        #expect(series.creators.map(\.person.id) == [9813, 228068])
        #expect(series.creators[0].creditID == "5256c8c219c2956ff604858a")
        #expect(
            series.networks == [
                CatalogueRecord.Company(
                    id: 49, name: "HBO", originCountry: "US", logoPath: "/tuomPhY2UtuPTqqFnKMVHvSb724.png")
            ])
        #expect(series.companies.map(\.name) == ["Revolution Sun Studios"])
        #expect(series.countries.map(\.code) == ["GB", "US"])
        #expect(series.seasons.map(\.seasonNumber) == [0, 1])
        #expect(series.seasons[0].overview == "")
        #expect(series.seasons[1].voteAverage == 8.3)
        #expect(series.keywords.map(\.id) == [818, 34038])
        #expect(series.externalIDs?.tvdbID == 121361)
        #expect(series.externalIDs?.freebaseMID == "/m/0524b41")
        #expect(series.externalIDs?.tvrageID == 24493)
        #expect(series.contentRatings.map(\.rating) == ["TV-MA", "16"])
        #expect(series.contentRatings[1].descriptors == ["violence"])
    }

    @Test("keeps every role of a cast member and every job of a crew member, in TMDB's order")
    func aggregateCredits() throws {
        let series = try CatalogueDecoding.series(try Fixture.data("catalogue_tv_1399.json"))
        #expect(series.cast.map(\.person.name) == ["Peter Dinklage", "Ian Hanmore"])
        #expect(series.cast[1].roles.map(\.character) == ["Pyat Pree", "Good Master"])
        #expect(series.cast[1].roles.map(\.episodeCount) == [3, 1])
        #expect(series.cast[1].totalEpisodeCount == 4)
        #expect(series.cast[1].order == 61)
        #expect(series.crew.count == 1)
        #expect(series.crew[0].department == "Production")
        #expect(series.crew[0].jobs.map(\.job) == ["Executive Producer", "Writer"])
        #expect(series.crew[0].jobs.map(\.creditID) == ["5256c8c219c2956ff604858a", "591e9b4ac3a368799b0040d1"])
    }

    @Test("reads series keywords under results and movie keywords under keywords")
    func keywordKeys() throws {
        let series = try CatalogueDecoding.series(
            Data(#"{"id": 3, "keywords": {"results": [{"id": 1, "name": "a"}]}}"#.utf8))
        let movie = try CatalogueDecoding.movie(
            Data(#"{"id": 3, "keywords": {"keywords": [{"id": 2, "name": "b"}]}}"#.utf8))
        #expect(series.keywords == [CatalogueRecord.Keyword(id: 1, name: "a")])
        #expect(movie.keywords == [CatalogueRecord.Keyword(id: 2, name: "b")])
    }
}
