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
        Recording(file: "movie_550_alternative_titles.json", type: .movie, id: 550, resource: .alternativeTitles),
        Recording(file: "movie_550_translations.json", type: .movie, id: 550, resource: .translations),
        Recording(file: "movie_550_videos.json", type: .movie, id: 550, resource: .videos),
        Recording(file: "movie_550_images.json", type: .movie, id: 550, resource: .images),
        Recording(file: "movie_recommendations.json", type: .movie, id: 550, resource: .recommendations),
    ]

    /// The recording of `resource`.
    static func recording(_ resource: AppendedResource) throws -> Recording {
        try #require(recordings.first { $0.resource == resource })
    }

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

    @Test(
        "Fight Club's alternative titles: all 18 in TMDB's order, an empty type as null, and no key, as a title has no id"
    )
    func alternativeTitles() throws {
        let (table, rows) = try Self.rows(try Self.recording(.alternativeTitles))
        #expect(table.name == "movie_alternative_titles" && table.key.isEmpty)
        #expect(rows.count == 18)
        #expect(rows.prefix(3).compactMap { $0["country"] as? String } == ["IL", "RS", "RU"])
        #expect(rows[0]["type"] as? String == "romanization")
        #expect(rows[1]["type"] is NSNull)
        #expect(rows.filter { $0["type"] is NSNull }.count == 15)
    }

    @Test("Fight Club's translations: runtime 0 and empty fields as null, keyed by language and country")
    func translations() throws {
        let (table, rows) = try Self.rows(try Self.recording(.translations))
        #expect(table.key == ["movie_id", "language", "country"])
        #expect(rows.compactMap { $0["language"] as? String } == ["en", "es", "uk", "de", "pt", "nl", "ru", "zh"])
        // English: TMDB sends its title as "" (the original's), and a runtime.
        #expect(rows[0]["title"] is NSNull && rows[0]["runtime"] as? Int == 139)
        #expect(rows[0]["homepage"] as? String == "http://www.foxmovies.com/movies/fight-club")
        // Ukrainian: runtime 0 and an empty tagline.
        #expect(rows[2]["runtime"] is NSNull && rows[2]["tagline"] is NSNull)
        #expect(rows[2]["title"] as? String == "Бійцівський клуб")
        #expect(rows[6]["runtime"] as? Int == 130)
        #expect(rows[7]["language_name"] as? String == "普通话" && rows[7]["english_name"] as? String == "Mandarin")
    }

    @Test("Fight Club's videos keep official false as false and TMDB's UTC publication time, keyed by video id")
    func videos() throws {
        let (table, rows) = try Self.rows(try Self.recording(.videos))
        #expect(table.key == ["movie_id", "video_id"])
        #expect(rows.compactMap { $0["official"] as? Bool } == [true, false, true])
        #expect(rows[0]["published_at"] as? String == "2019-10-15T18:59:47.000Z")
        #expect(rows[0]["video_id"] as? String == "64fb16fbdb4ed610343d72c3")
        #expect(rows[0]["key"] as? String == "dfeUzm6KF4g" && rows[0]["size"] as? Int == 1080)
    }

    @Test("Fight Club's images: backdrops, logos and posters in the answer's order, a language null for no text")
    func images() throws {
        let (table, rows) = try Self.rows(try Self.recording(.images))
        #expect(table.key == ["movie_id", "kind", "file_path"])
        let kinds = rows.compactMap { $0["kind"] as? String }
        #expect(
            kinds == Array(repeating: "backdrop", count: 7) + Array(repeating: "logo", count: 4)
                + Array(repeating: "poster", count: 6))
        #expect(rows[0]["language"] is NSNull && rows[2]["language"] as? String == "en")
        #expect(rows[0]["aspect_ratio"] as? Double == 1.778 && rows[0]["width"] as? Int == 1422)
        #expect(rows[6]["vote_average"] as? Double == 0 && rows[6]["vote_count"] as? Int == 0)
    }

    @Test("a recommendations page becomes its ranks, 1 first, with the ids in TMDB's order")
    func recommendations() throws {
        let (table, rows) = try Self.rows(try Self.recording(.recommendations))
        #expect(table.key == ["movie_id", "rank"])
        #expect(rows.compactMap { $0["rank"] as? Int } == Array(1...9))
        #expect(
            rows.compactMap { $0["recommended_id"] as? Int } == [
                1_099_066, 1_136_573, 1_083_189, 879_502, 658_009, 267_705, 680, 757_019, 807,
            ])
    }
}
