import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

/// The declared keys against real answers of api.themoviedb.org (`Fixtures/Recorded`, with where each comes from),
/// which repeat what the sandbox once never did.
@Suite("Catalogue keys on recorded TMDB answers")
struct RecordedAnswerKeyTests {
    /// A recorded sub-resource answer, and the details answer that appends it.
    struct Recording: CustomStringConvertible, Sendable {
        var file: String
        var type: CatalogueType
        var id: Int
        var resource: AppendedResource

        var description: String { file }

        func details() throws -> String {
            guard
                let url = Bundle.module.url(
                    forResource: file, withExtension: nil, subdirectory: "Fixtures/Recorded")
            else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/Recorded/\(file)"]) }
            let body = try String(contentsOf: url, encoding: .utf8)
            return #"{"id":\#(id),"\#(resource.rawValue)":\#(body)}"#
        }
    }

    static let recordings = [
        Recording(file: "tv_1399_content_ratings.json", type: .tv, id: 1399, resource: .contentRatings),
        Recording(file: "tv_1399_keywords.json", type: .tv, id: 1399, resource: .keywords),
        Recording(file: "tv_1399_aggregate_credits.json", type: .tv, id: 1399, resource: .aggregateCredits),
        Recording(file: "movie_550_release_dates.json", type: .movie, id: 550, resource: .releaseDates),
        Recording(file: "movie_550_keywords.json", type: .movie, id: 550, resource: .keywords),
    ]

    /// The rows `recording` makes for the table it feeds, as parsed NDJSON objects in file order.
    static func rows(_ recording: Recording) throws -> (CatalogueTable, [[String: Any]]) {
        let (encoder, rows) = try CatalogueRowFixtures.rows(
            try recording.details(), type: recording.type, appending: [recording.resource])
        let index = try #require(encoder.tables.firstIndex { $0.resource == recording.resource })
        let lines = try CatalogueRowFixtures.lines(rows.tables[index].ndjson).map(\.object)
        return (encoder.tables[index], lines)
    }

    @Test("the rows made from each recorded answer hold the table's declared key", arguments: recordings)
    func keysHold(recording: Recording) throws {
        let (table, rows) = try Self.rows(recording)
        #expect(rows.count > 1, "\(recording): a recording of one row cannot repeat a key")
        guard !table.key.isEmpty else { return }
        var seen: Set<String> = []
        for row in rows {
            let values = table.key.map { row[$0].map { "\($0)" } ?? "null" }
            #expect(!values.contains("null") && !values.contains("<null>"), "\(table.name): \(values)")
            #expect(seen.insert(values.joined(separator: "\u{1F}")).inserted, "\(table.name) repeats \(values)")
        }
    }

    @Test(
        "Game of Thrones rates AU, ES, FR, IN and PT twice: tv_content_ratings keeps all 25 in TMDB's order, keyed by nothing that repeats"
    )
    func contentRatingsRepeatCountries() throws {
        let (table, rows) = try Self.rows(Self.recordings[0])
        #expect(table.name == "tv_content_ratings")
        let countries = rows.compactMap { $0["country"] as? String }
        #expect(countries.count == 25)
        let repeated = Set(countries.filter { country in countries.filter { $0 == country }.count > 1 })
        #expect(repeated == ["AU", "ES", "FR", "IN", "PT"])
        let australia = rows.filter { $0["country"] as? String == "AU" }.compactMap { $0["rating"] as? String }
        #expect(australia == ["R18+", "R 18+"])
        #expect(table.key.isEmpty)
    }

    @Test(
        "Fight Club has several releases of one type in one country (FR: four digital ones), and movie_release_dates no key"
    )
    func releaseDatesRepeatCountryAndType() throws {
        let (table, rows) = try Self.rows(Self.recordings[3])
        #expect(table.name == "movie_release_dates")
        let digitalInFrance = rows.filter { $0["country"] as? String == "FR" && $0["type"] as? Int == 4 }
        #expect(digitalInFrance.count == 4)
        #expect(table.key.isEmpty)
        // TMDB's order within each country, as recorded.
        #expect(rows.prefix(3).compactMap { $0["country"] as? String } == ["AE", "CH", "CH"])
    }
}
