import Foundation
import TMDBAPI
import Testing

@Suite("Person records")
struct PersonRecordDecodingTests {
    static func person(_ data: Data) throws -> PersonRecord {
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBytes { raw in
            try Result { () throws(CatalogueRecordError) -> PersonRecord in try PersonRecord(details: raw) }.get()
        }
    }

    static func failure(_ text: String) -> CatalogueRecordError? {
        do {
            _ = try person(Data(text.utf8))
            return nil
        } catch {
            return error as? CatalogueRecordError
        }
    }

    @Test("reads TMDB's quirks as absent: birthday \"\", imdb_id and known_for_department null, empty paths")
    func quirks() throws {
        let person = try Self.person(try Fixture.data("catalogue_person_quirks.json"))
        #expect(person.id == 9001)
        #expect(person.name == "Q. Person")
        #expect(person.gender == 0)
        #expect(person.birthday == nil)
        #expect(person.deathday == "2024-01-02")
        #expect(person.imdbID == nil)
        #expect(person.knownForDepartment == nil)
        #expect(person.placeOfBirth == nil)
        #expect(person.homepage == nil)
        #expect(person.profilePath == nil)
        #expect(person.popularity == 0.6)
        #expect(person.adult == false)
        #expect(person.biography == "First line.\nShe said \"hello\", then left.")
        #expect(person.alsoKnownAs == ["Mai Nakahara", "中原麻衣", "Май Накахара"])
    }

    @Test("keeps combined credits in TMDB's order: order for movies, episode_count for series, nil where omitted")
    func combinedCredits() throws {
        let person = try Self.person(try Fixture.data("catalogue_person_quirks.json"))
        #expect(person.cast.map(\.creditID) == ["m1", "t1"])
        #expect(person.cast.map(\.mediaType) == ["movie", "tv"])
        #expect(person.cast.map(\.mediaID) == [550, 1399])
        #expect(person.cast.map(\.order) == [12, nil])
        #expect(person.cast.map(\.episodeCount) == [nil, 3])
        #expect(person.cast.map(\.character) == ["Extra", ""])
        #expect(person.crew.map(\.creditID) == ["t2", "m2"])
        #expect(person.crew.map(\.job) == ["Writer", "Stunts"])
        #expect(person.crew.map(\.department) == ["Writing", "Crew"])
        #expect(person.crew.map(\.episodeCount) == [1, nil])
    }

    @Test("reads a person's external ids, TikTok and YouTube included, empty strings as absent")
    func externalIDs() throws {
        let ids = try #require(try Self.person(try Fixture.data("catalogue_person_quirks.json")).externalIDs)
        #expect(ids.imdbID == nil)
        #expect(ids.wikidataID == "Q9001")
        #expect(ids.instagramID == "qp")
        #expect(ids.tiktokID == nil)
        #expect(ids.youtubeID == "qpchannel")
        #expect(ids.twitterID == nil)
    }

    @Test("reads details without appended sub-resources as no credits and no external ids")
    func unappended() throws {
        let person = try Self.person(Data(#"{"id":287,"name":"Brad Pitt","also_known_as":null,"gender":2}"#.utf8))
        #expect(person.cast.isEmpty && person.crew.isEmpty && person.alsoKnownAs.isEmpty)
        #expect(person.externalIDs == nil)
    }

    @Test("names the person, the key path and what was found when a credit's field has the wrong type")
    func wrongType() throws {
        let error = try #require(
            Self.failure(#"{"id":5,"combined_credits":{"cast":[{"id":1},{"id":2,"order":"1"}]}}"#))
        #expect(error.id == 5)
        #expect(error.path == "combined_credits.cast[1].order")
        #expect(
            error.description.hasPrefix("person 5: combined_credits.cast[1].order: expected an integer, found a string")
        )
    }

    @Test("names the person even when the failing value comes before its id")
    func idAfterFailure() throws {
        let error = try #require(Self.failure(#"{"gender":"male","id":77}"#))
        #expect(error.id == 77)
        #expect(error.path == "gender")
    }

    @Test("refuses an answer without an id")
    func noID() throws {
        let error = try #require(Self.failure(#"{"name":"Nobody"}"#))
        #expect(error.id == nil)
        #expect(error.description.hasPrefix("person details: no integer id"))
    }
}
