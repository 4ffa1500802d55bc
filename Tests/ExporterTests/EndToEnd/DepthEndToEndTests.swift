import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The depth tables (issue 28) against what the sandbox serves, converted here with `JSONSerialization`, not with
/// the exporter's reader: the titles' sub-resources from their details answers asked again, and the episodes from
/// each season's own route, with season numbers from the details.
@Suite("Depth tables against the sandbox's answers", .timeLimit(.minutes(15)))
struct DepthEndToEndTests {
    static let job = Job(
        name: "depth", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie), limit: 10),
            Job.CatalogueRequest(type: .tv, append: AppendedResource.supported(by: .tv), limit: 8),
        ])

    /// A value as a CSV field holds it: null and `""` empty, numbers as JSON wrote them (booleans: ``flag(_:)``).
    static func field(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return ""
        case let number as NSNumber: return number.stringValue
        case let text as String: return text
        default: return "\(value!)"
        }
    }

    /// A boolean as a CSV field holds it.
    static func flag(_ value: Any?) -> String { (value as? Bool).map { $0 ? "true" : "false" } ?? "" }

    /// Whether an exported field is the expected one, numbers compared as numbers (`7` and `7.0`).
    static func same(_ exported: String, _ expected: String) -> Bool {
        if exported == expected { return true }
        guard let left = Double(exported), let right = Double(expected) else { return false }
        return left == right
    }

    /// The rows TMDB's answer `details` gives `table` for title `id`, in the table's columns.
    static func expectedRows(table: String, id: Int, details: [String: Any], seasons: [[String: Any]]) -> [[String]] {
        func list(_ key: String, _ inner: String...) -> [[String: Any]] {
            var value: Any? = details[key]
            for name in inner { value = (value as? [String: Any])?[name] }
            return value as? [[String: Any]] ?? []
        }
        let idField = String(id)
        let kind = table.hasPrefix("movie_") ? "movie" : "tv"
        switch table.dropFirst(kind.count + 1) {
        case "alternative_titles":
            return list("alternative_titles", kind == "movie" ? "titles" : "results").map { title in
                [idField, field(title["iso_3166_1"]), field(title["title"]), field(title["type"])]
            }
        case "translations":
            return list("translations", "translations").map { entry in
                let data = entry["data"] as? [String: Any] ?? [:]
                var row = [
                    idField, field(entry["iso_639_1"]), field(entry["iso_3166_1"]), field(entry["name"]),
                    field(entry["english_name"]), field(data[kind == "movie" ? "title" : "name"]),
                    field(data["overview"]), field(data["tagline"]), field(data["homepage"]),
                ]
                if kind == "movie" {
                    let runtime = field(data["runtime"])
                    row.append(runtime == "0" ? "" : runtime)
                }
                return row
            }
        case "videos":
            return list("videos", "results").map { video in
                [idField] + ["id", "iso_639_1", "iso_3166_1", "name", "site", "key", "type"].map { field(video[$0]) }
                    + [flag(video["official"]), field(video["size"]), field(video["published_at"])]
            }
        case "images":
            // Kinds in the answer's order, which JSONSerialization does not keep: compared kind by kind below.
            return [("posters", "poster"), ("backdrops", "backdrop"), ("logos", "logo")].flatMap { key, name in
                list("images", key).map { image in
                    [idField, name]
                        + ["file_path", "iso_639_1", "width", "height", "aspect_ratio", "vote_average"]
                        .map { field(image[$0]) } + [field(image["vote_count"])]
                }
            }
        case "recommendations", "similar":
            let key = String(table.dropFirst(kind.count + 1))
            return list(key, "results").enumerated().map { rank, title in
                [idField, String(rank + 1), field(title["id"])]
            }
        case "episodes":
            return seasons.flatMap { season in
                (season["episodes"] as? [[String: Any]] ?? []).map { episode in
                    let runtime = field(episode["runtime"])
                    return [
                        idField, field(episode["season_number"]), field(episode["episode_number"]),
                        field(episode["id"]), field(episode["name"]), field(episode["air_date"]),
                        field(episode["episode_type"]), runtime == "0" ? "" : runtime, field(episode["vote_average"]),
                        field(episode["vote_count"]), field(episode["production_code"]), field(episode["overview"]),
                        field(episode["still_path"]),
                    ]
                }
            }
        case "episode_crew", "episode_guest_stars":
            let crew = table.hasSuffix("crew")
            return seasons.flatMap { season in
                (season["episodes"] as? [[String: Any]] ?? []).flatMap { episode in
                    (episode[crew ? "crew" : "guest_stars"] as? [[String: Any]] ?? []).map { credit in
                        [
                            idField, field(episode["id"]), field(credit["id"]), field(credit["credit_id"]),
                            field(credit["name"]),
                        ]
                            + (crew
                                ? [field(credit["department"]), field(credit["job"])]
                                : [field(credit["character"]), field(credit["order"])])
                    }
                }
            }
        default:
            return []
        }
    }

    /// Sends `target` (path and query, as the sandbox's log has it) to the sandbox and parses the answer.
    static func answer(_ server: SandboxServer, _ target: String) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(target)")!)
        request.setValue("Bearer \(SandboxServer.bearerToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        try #require((response as? HTTPURLResponse)?.statusCode == 200, "\(target)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Image rows kind by kind, each kind's in its order.
    static func byKind(_ rows: [[String]]) -> [[String]] {
        rows.enumerated().sorted { ($0.element[1], $0.offset) < ($1.element[1], $1.offset) }.map(\.element)
    }

    static let depthTables = [
        "alternative_titles", "translations", "videos", "images", "recommendations", "similar",
    ]

    @Test("every depth table and the episode tables equal, row for row, what the sandbox serves for the same titles")
    func tablesEqualServed() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let report = try await harness.exporter(options: CatalogueEndToEndTests.options(harness, folder: "d"))
                .run(Self.job)
            #expect(report.manifest.status == .complete)
            let log = harness.server.requestLog()
            var compared: [String: Int] = [:]
            for (type, main, kind) in [("movie", "movies", "movie"), ("tv", "tv_series", "tv")] {
                let ids = try CSVReader.records(
                    try String(contentsOfFile: "\(report.runDirectory)/\(main).csv", encoding: .utf8)
                ).dropFirst().map { Int($0[0])! }
                let tables =
                    Self.depthTables + (kind == "tv" ? ["episodes", "episode_crew", "episode_guest_stars"] : [])
                var exported: [String: [Int: [[String]]]] = [:]
                for table in tables {
                    let records = try CSVReader.records(
                        try String(contentsOfFile: "\(report.runDirectory)/\(kind)_\(table).csv", encoding: .utf8))
                    exported[table] = Dictionary(grouping: records.dropFirst(), by: { Int($0[0])! })
                }
                for id in ids {
                    // The details as the exporter asked for them: its first request for the id.
                    let target = try #require(
                        log.first {
                            $0.path == "/3/\(type)/\(id)"
                                && !($0.target.removingPercentEncoding ?? "").contains("season/")
                        }?.target)
                    let details = try await Self.answer(harness.server, target)
                    var seasons: [[String: Any]] = []
                    if kind == "tv" {
                        for season in details["seasons"] as? [[String: Any]] ?? [] {
                            let number = try #require(season["season_number"] as? Int)
                            seasons.append(
                                try await Self.answer(harness.server, "/3/tv/\(id)/season/\(number)?language=en-US"))
                        }
                    }
                    for table in tables {
                        var expected = Self.expectedRows(
                            table: "\(kind)_\(table)", id: id, details: details, seasons: seasons)
                        var rows = exported[table]?[id] ?? []
                        if table == "images" {
                            // Kind by kind, each in TMDB's order.
                            expected = Self.byKind(expected)
                            rows = Self.byKind(rows)
                        }
                        #expect(rows.count == expected.count, "\(kind)_\(table) of \(id): \(rows.count) rows")
                        for (row, want) in zip(rows, expected) {
                            let equal = row.count == want.count && zip(row, want).allSatisfy { Self.same($0, $1) }
                            #expect(equal, "\(kind)_\(table) of \(id): \(row) is not \(want)")
                        }
                        compared[table, default: 0] += rows.count
                    }
                }
            }
            // The long-running series (27 seasons and specials) is complete in its details and 2 season requests.
            let long = SandboxCatalogueUniverse.longRunningSeriesID
            let requests = log.filter { $0.path == "/3/tv/\(long)" }
            #expect(requests.count == 3, "\(requests.map(\.target))")
            #expect(
                requests.dropFirst().map {
                    ($0.target.removingPercentEncoding ?? "").components(separatedBy: "season/").count - 1
                } == [20, 8])
            let episodes = try CSVReader.records(
                try String(contentsOfFile: "\(report.runDirectory)/tv_episodes.csv", encoding: .utf8))
            #expect(Set(episodes.filter { $0[0] == "\(long)" }.map { $0[1] }) == Set((0...27).map(String.init)))
            // Every table was compared on rows, so the check cannot pass on nothing.
            for table in Self.depthTables + ["episodes", "episode_crew", "episode_guest_stars"] {
                #expect((compared[table] ?? 0) > 0, "no \(table) rows were compared")
            }
        }
    }
}
