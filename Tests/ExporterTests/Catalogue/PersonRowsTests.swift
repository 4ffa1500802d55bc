import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

/// The person tables' rows from a recorded `/person/287` answer (`Fixtures/Recorded/person_287.json`, sources in
/// its README) and from TMDB's quirks.
@Suite("Person rows")
struct PersonRowsTests {
    static let freshness = RowFreshness(popularity: 12.3, fetchedAt: "2026-11-26T02:00:00Z")

    static func recorded() throws -> String {
        guard
            let url = Bundle.module.url(
                forResource: "person_287.json", withExtension: nil, subdirectory: "Fixtures/Recorded")
        else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/Recorded/person_287.json"]) }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Each table's name, CSV text and parsed NDJSON objects in file order.
    static func rows(
        _ text: String, appending: Set<AppendedResource> = Set(AppendedResource.supported(by: .person))
    ) throws -> [String: (csv: String, rows: [[String: Any]], count: Int)] {
        let encoder = CatalogueRowEncoder(type: .person, appending: appending, csv: true, ndjson: true)
        let bytes = Array(text.utf8)
        let made = try bytes.withUnsafeBytes { raw in
            try Result { () throws(CatalogueRecordError) -> CatalogueRows in
                try encoder.rows(fromDetails: raw, freshness: freshness)
            }.get()
        }
        #expect(made.id == 287 || made.id == 9001)
        var tables: [String: (csv: String, rows: [[String: Any]], count: Int)] = [:]
        for (table, part) in zip(encoder.tables, made.tables) {
            let lines = try CatalogueRowFixtures.lines(part.ndjson)
            #expect(lines.allSatisfy { $0.keys == table.columns.map(\.name) }, "\(table.name): NDJSON key order")
            let csv = String(decoding: part.csv, as: UTF8.self)
            #expect(csv.split(separator: "\n").count >= part.count, "\(table.name): CSV records")
            tables[table.name] = (csv, lines.map(\.object), part.count)
        }
        return tables
    }

    @Test("makes one people row with the export's popularity and the answer's time, nulls for what TMDB lacks")
    func peopleRow() throws {
        let people = try #require(try Self.rows(try Self.recorded())["people"])
        #expect(people.count == 1)
        let row = try #require(people.rows.first)
        #expect(row["id"] as? Int == 287)
        #expect(row["imdb_id"] as? String == "nm0000093")
        #expect(row["name"] as? String == "Brad Pitt")
        #expect(row["gender"] as? Int == 2)
        #expect(row["birthday"] as? String == "1963-12-18")
        #expect(row["deathday"] is NSNull)
        #expect(row["homepage"] is NSNull)
        #expect(row["place_of_birth"] as? String == "Shawnee, Oklahoma, USA")
        #expect(row["popularity"] as? Double == 12.3, "the export's popularity, not the answer's 42.404")
        #expect(row["fetched_at"] as? String == "2026-11-26T02:00:00Z")
        #expect((row["biography"] as? String)?.contains("Plan B Entertainment.\n\nPitt first") == true)
    }

    @Test("makes one alias row per also_known_as name, in TMDB's order, quotes and every script kept")
    func aliases() throws {
        let aliases = try #require(try Self.rows(try Self.recorded())["person_aliases"])
        let names = aliases.rows.compactMap { $0["name"] as? String }
        #expect(names.count == 16)
        #expect(names.first == "برد پیت")
        #expect(names[8] == "William Bradley \"Brad\" Pitt")
        #expect(names.last == "布萊德·彼特")
        #expect(aliases.csv.contains(#""William Bradley ""Brad"" Pitt""#))
        #expect(aliases.rows.allSatisfy { $0["person_id"] as? Int == 287 })
    }

    @Test("keeps cast credits in TMDB's order, one series twice under two credit ids, the table's key unrepeated")
    func castCredits() throws {
        let cast = try #require(try Self.rows(try Self.recorded())["person_cast_credits"])
        #expect(
            cast.rows.compactMap { $0["media_id"] as? Int } == [
                1486, 1668, 72025, 72025, 107, 550, 16869, 354287, 417198,
            ])
        #expect(cast.rows.compactMap { $0["media_type"] as? String }.filter { $0 == "tv" }.count == 4)
        let jefferies = cast.rows.filter { $0["media_id"] as? Int == 72025 }
        #expect(jefferies.compactMap { $0["character"] as? String } == ["Ex-Weatherman", "Weather Man"])
        #expect(jefferies.compactMap { $0["episode_count"] as? Int } == [1, 3])
        let fightClub = try #require(cast.rows.first { $0["media_id"] as? Int == 550 })
        #expect(fightClub["credit_id"] as? String == "52fe4250c3a36847f80149f7")
        #expect(fightClub["episode_count"] is NSNull)
        #expect(fightClub["order"] is NSNull, "this recording's movie entries carry no order")
        #expect(cast.rows.first?["character"] is NSNull, "an empty character is null")
        try Self.expectKeyHolds(cast.rows, PersonTable.castCredits.table)
    }

    @Test("keeps crew credits in TMDB's order; a title in both cast and crew has two credit ids")
    func crewCredits() throws {
        let tables = try Self.rows(try Self.recorded())
        let crew = try #require(tables["person_crew_credits"])
        #expect(crew.rows.compactMap { $0["media_id"] as? Int } == [228150, 354287, 376867, 417198])
        #expect(
            crew.rows.compactMap { $0["job"] as? String } == [
                "Executive Producer", "Producer", "Executive Producer", "Producer",
            ])
        #expect(crew.rows.allSatisfy { $0["department"] as? String == "Production" && $0["episode_count"] is NSNull })
        try Self.expectKeyHolds(crew.rows, PersonTable.crewCredits.table)
        let castIDs = Set(try #require(tables["person_cast_credits"]).rows.compactMap { $0["credit_id"] as? String })
        let crewIDs = Set(crew.rows.compactMap { $0["credit_id"] as? String })
        #expect(castIDs.isDisjoint(with: crewIDs))
    }

    @Test("makes one external ids row, nulls for the ids TMDB does not have")
    func externalIDs() throws {
        let ids = try #require(try Self.rows(try Self.recorded())["person_external_ids"])
        #expect(ids.count == 1)
        #expect(ids.rows.first?["imdb_id"] as? String == "nm0000093")
        #expect(ids.rows.first?["tiktok_id"] is NSNull)
        #expect(ids.csv == "287,nm0000093,,,,,,\n")
    }

    @Test("writes no credit or external id rows when they were not appended")
    func unappended() throws {
        let tables = try Self.rows(try Self.recorded(), appending: [])
        #expect(Set(tables.keys) == ["people", "person_aliases"])
    }

    @Test("writes TMDB's quirks as null: gender 0 kept, birthday \"\", null imdb_id and department, empty strings")
    func quirks() throws {
        let text = #"""
            {"id":9001,"name":"Q","gender":0,"birthday":"","deathday":"2024-01-02","imdb_id":null,
             "known_for_department":null,"homepage":"","biography":"","place_of_birth":"","profile_path":"",
             "also_known_as":[],"combined_credits":{"cast":[{"id":1399,"media_type":"tv","credit_id":"t1",
             "character":"","episode_count":2},{"id":550,"media_type":"movie","credit_id":"m1","character":"X","order":0}],
             "crew":[]},"external_ids":{"imdb_id":"","wikidata_id":null,"youtube_id":"y"}}
            """#
        let tables = try Self.rows(text)
        let people = try #require(tables["people"]?.rows.first)
        #expect(people["gender"] as? Int == 0)
        for column in ["birthday", "imdb_id", "known_for_department", "homepage", "biography", "place_of_birth"] {
            #expect(people[column] is NSNull, "\(column)")
        }
        #expect(people["deathday"] as? String == "2024-01-02")
        #expect(tables["person_aliases"]?.count == 0)
        let cast = try #require(tables["person_cast_credits"]?.rows)
        #expect(cast.map { $0["order"] as? Int } == [nil, 0])
        #expect(cast.map { $0["episode_count"] as? Int } == [2, nil])
        #expect(tables["person_crew_credits"]?.count == 0)
        #expect(tables["person_external_ids"]?.csv == "9001,,,,,,,y\n")
    }

    @Test("names the person and the path when an answer cannot be read")
    func failure() throws {
        let encoder = CatalogueRowEncoder(type: .person, appending: [.combinedCredits], csv: true, ndjson: true)
        let bytes = Array(#"{"id":287,"combined_credits":{"crew":[{"job":7}]}}"#.utf8)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(CatalogueRecordError) -> CatalogueRows in
                try encoder.rows(fromDetails: raw, freshness: Self.freshness)
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("read a job that is a number")
            return
        }
        #expect(error.description.hasPrefix("person 287: combined_credits.crew[0].job: expected a string"))
    }

    private static func expectKeyHolds(_ rows: [[String: Any]], _ table: CatalogueTable) throws {
        #expect(rows.count > 1, "\(table.name): one row cannot repeat a key")
        var seen: Set<String> = []
        for row in rows {
            let values = table.key.map { row[$0].map { "\($0)" } ?? "null" }
            #expect(!values.contains("null") && !values.contains("<null>"), "\(table.name): \(values)")
            #expect(seen.insert(values.joined(separator: "\u{1F}")).inserted, "\(table.name) repeats \(values)")
        }
    }
}
