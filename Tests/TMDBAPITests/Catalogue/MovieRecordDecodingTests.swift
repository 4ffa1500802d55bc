import Foundation
import TMDBAPI
import Testing

@Suite("Movie catalogue records")
struct MovieRecordDecodingTests {
    @Test("reads a movie's details with credits, keywords, external ids and release dates appended")
    func typicalMovie() throws {
        let movie = try CatalogueDecoding.movie(try Fixture.data("catalogue_movie_550.json"))
        #expect(movie.id == 550)
        #expect(movie.imdbID == "tt0137523")
        #expect(movie.title == "Fight Club")
        #expect(movie.releaseDate == "1999-10-15")
        #expect(movie.runtime == 139)
        #expect(movie.budget == 63_000_000)
        #expect(movie.revenue == 100_853_753)
        #expect(movie.voteAverage == 8.438)
        #expect(movie.adult == false)
        #expect(movie.video == false)
        #expect(movie.collection == nil)
        #expect(movie.originCountry == ["US"])
        #expect(movie.genres.map(\.name) == ["Drama", "Thriller"])
        #expect(movie.companies.map(\.id) == [711, 508, 4700, 25, 20555])
        #expect(movie.companies.last?.originCountry == "DE")
        #expect(movie.countries.map(\.code) == ["DE", "US"])
        #expect(movie.languages == [CatalogueRecord.Language(code: "en", englishName: "English", name: "English")])
        #expect(movie.cast.map(\.person.name) == ["Edward Norton", "Brad Pitt", "Helena Bonham Carter", "Meat Loaf"])
        #expect(movie.cast.map(\.order) == [0, 1, 2, 3])
        #expect(movie.cast[3].character == "Robert \"Bob\" Paulson")
        #expect(movie.cast[3].person.profilePath == nil)
        #expect(movie.cast[2].person.gender == 1)
        #expect(movie.cast[0].castID == 4)
        #expect(movie.crew.map(\.job) == ["Director", "Screenplay", "Novel"])
        #expect(movie.crew[0].person.knownForDepartment == "Directing")
        #expect(movie.keywords.map(\.id) == [818, 825, 851])
        #expect(movie.externalIDs?.wikidataID == "Q190050")
        #expect(movie.externalIDs?.instagramID == nil)
    }

    @Test("flattens release dates by country, keeping TMDB's order and reading empty fields as absent")
    func releaseDates() throws {
        let movie = try CatalogueDecoding.movie(try Fixture.data("catalogue_movie_550.json"))
        #expect(movie.releaseDates.map(\.country) == ["DE", "US", "US"])
        #expect(movie.releaseDates.map(\.type) == [3, 1, 3])
        #expect(movie.releaseDates[1].note == "Venice Film Festival")
        #expect(movie.releaseDates[1].descriptors == ["violence", "language"])
        #expect(movie.releaseDates[0].note == nil)
        #expect(movie.releaseDates[0].language == nil)
        #expect(movie.releaseDates[2].language == "en")
        #expect(movie.releaseDates[2].date == "1999-10-15T00:00:00.000Z")
    }

    @Test("reads runtime 0, empty dates and paths as absent, accepts null anywhere and skips unknown keys")
    func quirks() throws {
        let movie = try CatalogueDecoding.movie(try Fixture.data("catalogue_movie_quirks.json"))
        #expect(movie.id == 99001)
        #expect(movie.runtime == nil)
        #expect(movie.budget == 0)
        #expect(movie.releaseDate == nil)
        #expect(movie.backdropPath == nil)
        #expect(movie.homepage == nil)
        #expect(movie.tagline == nil)
        #expect(movie.video == nil)
        #expect(movie.overview == "")
        #expect(movie.title == "Untitled\nDraft")
        #expect(movie.originalTitle == "Ohne Titel, \"vorläufig\"")
        #expect(movie.genres.isEmpty)
        #expect(movie.collection?.id == 10)
        #expect(movie.collection?.backdropPath == nil)
        #expect(movie.companies.first?.originCountry == nil)
        #expect(movie.cast.count == 1)
        #expect(movie.cast[0].order == nil)
        #expect(movie.cast[0].person.profilePath == nil)
        #expect(movie.crew.isEmpty)
        #expect(movie.keywords.isEmpty)
        #expect(movie.externalIDs == CatalogueRecord.ExternalIDs())
        #expect(movie.releaseDates == [MovieRecord.ReleaseDate(country: "FR", type: 4, date: nil)])
    }

    @Test("leaves sub-resources empty when they were not appended")
    func withoutAppends() throws {
        let movie = try CatalogueDecoding.movie(Data(#"{"id": 7, "title": "Bare", "runtime": 88}"#.utf8))
        #expect(movie.id == 7)
        #expect(movie.runtime == 88)
        #expect(movie.cast.isEmpty && movie.crew.isEmpty && movie.keywords.isEmpty && movie.releaseDates.isEmpty)
        #expect(movie.externalIDs == nil)
    }
}
