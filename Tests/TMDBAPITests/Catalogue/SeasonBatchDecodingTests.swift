import Foundation
import TMDBAPI
import Testing

@Suite("Seasons appended to a series' details")
struct SeasonBatchDecodingTests {
    /// A `/tv/1399?append_to_response=season/0,season/1` answer in TMDB's shape, the details it repeats cut short.
    static let answer = #"""
        {"adult":false,"id":1399,"name":"Game of Thrones","seasons":[{"season_number":0},{"season_number":1}],
        "season/0":{"_id":"5256c89f19c2956ff6046d47","air_date":"2010-12-05","episodes":[
          {"air_date":null,"episode_number":1,"episode_type":"standard","id":63087,"name":"Inside Game of Thrones",
           "overview":"","production_code":"","runtime":null,"season_number":0,"show_id":1399,"still_path":null,
           "vote_average":0.0,"vote_count":0,"crew":[],"guest_stars":[]}],
          "name":"Specials","overview":"","id":3627,"poster_path":null,"season_number":0,"vote_average":0.0},
        "season/1":{"_id":"5256c89f19c2956ff6046d47","air_date":"2011-04-17","episodes":[
          {"air_date":"2011-04-17","episode_number":1,"episode_type":"standard","id":63056,
           "name":"Winter Is Coming","overview":"Jon Arryn, the Hand of the King, is dead.","production_code":"101",
           "runtime":62,"season_number":1,"show_id":1399,"still_path":"/9hGF3WUkBf7cSjMg0cdMDHJkByd.jpg",
           "vote_average":7.9,"vote_count":318,
           "crew":[{"job":"Director","department":"Directing","credit_id":"5256c8a219c2956ff6046f40","adult":false,
                    "gender":2,"id":44797,"known_for_department":"Directing","name":"Timothy Van Patten",
                    "original_name":"Timothy Van Patten","popularity":5.1,"profile_path":"/MzSOFrd99HRdr6pkSRSctk3kBR.jpg"}],
           "guest_stars":[{"character":"Septa Mordane","credit_id":"5256c8b919c2956ff604858a","order":500,
                    "adult":false,"gender":1,"id":1600544,"known_for_department":"Acting","name":"Susan Brown",
                    "original_name":"Susan Brown","popularity":2.2,"profile_path":null}]},
          {"air_date":"2011-04-24","episode_number":2,"episode_type":"finale","id":63057,"name":"The Kingsroad",
           "overview":"","production_code":"","runtime":0,"season_number":1,"show_id":1399,"still_path":"",
           "vote_average":7.8,"vote_count":250,"crew":null,"guest_stars":[]}],
          "name":"Season 1","overview":"","id":3624,"poster_path":"/wgfKiqzuMrFIkU1M68DDDY8kGC1.jpg",
          "season_number":1,"vote_average":8.3}}
        """#

    static func batch(_ text: String, seasons: [Int]) throws(CatalogueRecordError) -> SeasonBatchRecord {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(CatalogueRecordError) in try SeasonBatchRecord(answer: raw, seasons: seasons) }
        }.get()
    }

    @Test("reads each season asked for under season/N, episodes in TMDB's order with their crew and guest stars")
    func readsSeasons() throws {
        let batch = try Self.batch(Self.answer, seasons: [0, 1])
        #expect(batch.seriesID == 1399)
        #expect(batch.seasons.map(\.seasonNumber) == [0, 1])
        #expect(batch.seasons.map { $0.episodes.map(\.id) } == [[63087], [63056, 63057]])
        let pilot = try #require(batch.seasons.last?.episodes.first)
        #expect(pilot.name == "Winter Is Coming" && pilot.airDate == "2011-04-17" && pilot.episodeType == "standard")
        #expect(pilot.runtime == 62 && pilot.voteAverage == 7.9 && pilot.voteCount == 318)
        #expect(pilot.productionCode == "101" && pilot.stillPath == "/9hGF3WUkBf7cSjMg0cdMDHJkByd.jpg")
        #expect(pilot.crew.count == 1 && pilot.guestStars.count == 1)
        let director = try #require(pilot.crew.first)
        #expect(director.person.id == 44797 && director.person.name == "Timothy Van Patten")
        #expect(director.creditID == "5256c8a219c2956ff6046f40" && director.job == "Director")
        #expect(director.department == "Directing")
        let guest = try #require(pilot.guestStars.first)
        #expect(guest.person.id == 1_600_544 && guest.character == "Septa Mordane" && guest.order == 500)
        #expect(guest.creditID == "5256c8b919c2956ff604858a")
    }

    @Test("reads null and 0 runtimes, empty codes and paths and a null air date as absent, 0 votes as 0")
    func quirks() throws {
        let batch = try Self.batch(Self.answer, seasons: [0, 1])
        let special = try #require(batch.seasons.first?.episodes.first)
        #expect(special.airDate == nil && special.runtime == nil && special.productionCode == nil)
        #expect(special.stillPath == nil && special.voteCount == 0 && special.voteAverage == 0)
        let second = try #require(batch.seasons.last?.episodes.last)
        #expect(second.runtime == nil && second.stillPath == nil && second.crew.isEmpty)
        #expect(second.episodeType == "finale")
    }

    @Test("keeps only the seasons asked for, in the order asked")
    func onlyAsked() throws {
        let batch = try Self.batch(Self.answer, seasons: [1])
        #expect(batch.seasons.map(\.seasonNumber) == [1])
    }

    @Test("fails naming season/N when a season asked for is missing from the answer")
    func missingSeason() {
        #expect {
            _ = try Self.batch(Self.answer, seasons: [0, 1, 2])
        } throws: { error in
            let error = error as? CatalogueRecordError
            return error?.path == "season/2" && error?.id == 1399
                && error?.description.contains("missing from the answer") == true
        }
    }

    @Test("fails with the key path when an episode field has the wrong kind")
    func wrongKind() {
        let damaged = Self.answer.replacingOccurrences(of: #""vote_count":318"#, with: #""vote_count":"many""#)
        #expect {
            _ = try Self.batch(damaged, seasons: [0, 1])
        } throws: { error in
            (error as? CatalogueRecordError)?.path == "season/1.episodes[0].vote_count"
        }
    }
}
