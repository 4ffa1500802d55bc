import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Episode rows of a series' seasons")
struct EpisodeRowsTests {
    /// The fixture series' season 1 as `season/1` appended to its details (the details it repeats left out).
    static let seasonAnswer = #"""
        {"id":77,"name":"S","season/1":{"_id":"x","air_date":"2020-01-01","id":500,"name":"Season 1","season_number":1,
         "episodes":[
          {"air_date":"2020-01-01","episode_number":1,"episode_type":"standard","id":9001,"name":"One, \"the\" start",
           "overview":"Line\nbreak","production_code":"","runtime":24,"season_number":1,"show_id":77,"still_path":"/s1.jpg",
           "vote_average":7.25,"vote_count":12,
           "crew":[{"job":"Director","department":"Directing","credit_id":"ec1","id":6,"name":"D","gender":2}],
           "guest_stars":[{"character":"Guest","credit_id":"eg1","order":500,"id":5,"name":"A, B"}]},
          {"air_date":null,"episode_number":2,"episode_type":"finale","id":9002,"name":"Two","overview":"",
           "production_code":"P2","runtime":null,"season_number":1,"show_id":77,"still_path":null,"vote_average":0,
           "vote_count":0,"crew":[],"guest_stars":[]}]}}
        """#

    static func episodeRows(
        _ encoder: CatalogueRowEncoder, _ text: String = seasonAnswer, seasons: [Int] = [1], seriesID: Int = 77
    ) throws -> [CatalogueRows.TableRows] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(CatalogueRecordError) in
                try encoder.episodeRows(fromSeasonAnswer: raw, seasons: seasons, seriesID: seriesID).tables
            }
        }.get()
    }

    @Test("a series' details give its season numbers, and no episode rows until its seasons are read")
    func detailsGiveSeasonNumbers() throws {
        let (encoder, rows) = try CatalogueRowFixtures.rows(CatalogueRowFixtures.series, type: .tv)
        #expect(encoder.fetchesEpisodes)
        #expect(rows.seasonNumbers == [1])
        for name in ["tv_episodes", "tv_episode_crew", "tv_episode_guest_stars"] {
            #expect(try CatalogueRowFixtures.text(rows, encoder, name).csv.isEmpty)
        }
        let (without, bare) = try CatalogueRowFixtures.rows(
            CatalogueRowFixtures.series, type: .tv, appending: [.keywords])
        #expect(!without.fetchesEpisodes && bare.seasonNumbers.isEmpty)
        #expect(!without.tables.contains { $0.name == "tv_episodes" })
    }

    @Test("writes each episode, its crew and its guest stars in TMDB's order, empty and null fields as empty")
    func episodeTables() throws {
        var (encoder, rows) = try CatalogueRowFixtures.rows(CatalogueRowFixtures.series, type: .tv)
        let episodes = try Self.episodeRows(encoder)
        rows.append(episodes, repairs: Manifest.ValueRepairs())
        #expect(
            try CatalogueRowFixtures.text(rows, encoder, "tv_episodes").csv == """
                77,1,1,9001,"One, ""the"" start",2020-01-01,standard,24,7.25,12,,"Line
                break",/s1.jpg
                77,1,2,9002,Two,,finale,,0.0,0,P2,,

                """)
        #expect(
            try CatalogueRowFixtures.text(rows, encoder, "tv_episode_crew").csv
                == "77,9001,6,ec1,D,Directing,Director\n")
        #expect(
            try CatalogueRowFixtures.text(rows, encoder, "tv_episode_guest_stars").csv
                == "77,9001,5,eg1,\"A, B\",Guest,500\n")
        let episodeIndex = try #require(encoder.tables.firstIndex { $0.name == "tv_episodes" })
        let ndjson = try CatalogueRowFixtures.lines(rows.tables[episodeIndex].ndjson)
        #expect(ndjson.map(\.keys).allSatisfy { $0 == encoder.tables[episodeIndex].columns.map(\.name) })
        #expect(ndjson.last?.object["runtime"] is NSNull && ndjson.last?.object["vote_count"] as? Int == 0)
        #expect(rows.tables[episodeIndex].count == 2)
    }

    @Test("a second batch's rows come after the first's")
    func batchesAppend() throws {
        var (encoder, rows) = try CatalogueRowFixtures.rows(CatalogueRowFixtures.series, type: .tv)
        rows.append(try Self.episodeRows(encoder), repairs: Manifest.ValueRepairs())
        let later = Self.seasonAnswer.replacingOccurrences(of: "season/1", with: "season/21")
            .replacingOccurrences(of: "9001", with: "9101").replacingOccurrences(of: "9002", with: "9102")
        rows.append(try Self.episodeRows(encoder, later, seasons: [21]), repairs: Manifest.ValueRepairs())
        let ids = try CatalogueRowFixtures.text(rows, encoder, "tv_episodes").csv.split(separator: "\n")
            .filter { $0.hasPrefix("77,") }.map { $0.split(separator: ",")[3] }
        #expect(ids == ["9001", "9002", "9101", "9102"])
    }

    @Test("refuses seasons that are another series'")
    func otherSeries() throws {
        let (encoder, _) = try CatalogueRowFixtures.rows(CatalogueRowFixtures.series, type: .tv)
        #expect {
            _ = try Self.episodeRows(encoder, seriesID: 78)
        } throws: { error in
            (error as? CatalogueRecordError)?.description.contains("expected the seasons of series 78") == true
        }
    }
}
