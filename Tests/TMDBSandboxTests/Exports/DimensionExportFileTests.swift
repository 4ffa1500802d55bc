import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Daily keyword, company and network exports", .timeLimit(.minutes(15)))
struct DimensionExportFileTests {
    /// 2024-05-16 at 09:30 UTC: the 16th's files are out.
    static let morning = ExportFileTests.morning
    static let day = ExportDay(isoDate: "2024-05-15")!
    static let sizes = options {
        $0.catalogueSize = 12_000
        $0.seriesCatalogueSize = 3_000
        $0.now = { morning }
    }

    /// The file's lines as id and name; nil when the answer is not 200.
    static func entries(_ server: SandboxServer, _ name: String) async throws -> [(id: Int, name: String)]? {
        let response = try await fetch(server, "/p/exports/\(name)", credential: .none)
        guard response.status == 200 else { return nil }
        let text = String(decoding: try #require(gunzip(Array(response.body))), as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            let object = try jsonObject(Data(line.utf8))
            #expect(Set(object.keys) == ["id", "name"], "\(line)")
            return (try #require(object["id"] as? Int), try #require(object["name"] as? String))
        }
    }

    /// Every `{"id":…,"name":…}` of `key` (a path of object keys ending at a list) in the answers of `paths`.
    static func named(_ server: SandboxServer, _ paths: [String], _ key: [String]) async throws -> [Int: String] {
        var named: [Int: String] = [:]
        for path in paths {
            let response = try await fetch(server, path)
            guard response.status == 200 else { continue }
            var value: Any = try jsonObject(response.body)
            for name in key { value = try #require((value as? [String: Any])?[name], "\(path) has no \(name)") }
            for item in try #require(value as? [[String: Any]]) {
                named[try #require(item["id"] as? Int)] = try #require(item["name"] as? String)
            }
        }
        return named
    }

    @Test("hold every keyword, company and network the titles name, with their names, and some no title names")
    func consistentWithTitles() async throws {
        try await withSandbox(Self.sizes) { server in
            let movies = server.universe.ids(.movie, on: Self.day, adult: false)
            let series = server.universe.ids(.series, on: Self.day, adult: false)
            let moviePaths = stride(from: 0, to: movies.count, by: movies.count / 40).map {
                "/3/movie/\(movies[$0])?append_to_response=keywords"
            }
            let seriesPaths = stride(from: 0, to: series.count, by: series.count / 40).map {
                "/3/tv/\(series[$0])?append_to_response=keywords"
            }
            let expectations: [(file: String, named: [Int: String])] = [
                (
                    "keyword_ids_05_15_2024.json.gz",
                    try await Self.named(server, moviePaths, ["keywords", "keywords"]).merging(
                        try await Self.named(server, seriesPaths, ["keywords", "results"])
                    ) { first, _ in first }
                ),
                (
                    "production_company_ids_05_15_2024.json.gz",
                    try await Self.named(server, moviePaths, ["production_companies"]).merging(
                        try await Self.named(server, seriesPaths, ["production_companies"])
                    ) { first, _ in first }
                ),
                ("tv_network_ids_05_15_2024.json.gz", try await Self.named(server, seriesPaths, ["networks"])),
            ]
            for (file, named) in expectations {
                let entries = try #require(try await Self.entries(server, file), "\(file)")
                let exported = Dictionary(entries.map { ($0.id, $0.name) }) { first, _ in first }
                #expect(named.count > 3, "\(file)")
                for (id, name) in named { #expect(exported[id] == name, "\(file): id \(id)") }
                #expect(exported.count > named.count, "\(file): no id that no title names")
                // One id repeats, as in TMDB's files; the order is not the ids'.
                #expect(entries.count == exported.count + 1, "\(file)")
                #expect(entries.map(\.id) != entries.map(\.id).sorted(), "\(file)")
            }
        }
    }

    @Test("are published at 08:00 UTC and kept 90 days, as the ID exports", arguments: ["keyword", "tv_network"])
    func availability(kind: String) async throws {
        try await withSandbox(Self.sizes) { server in
            var published: [String: Bool] = [:]
            for stamp in ["05_16_2024", "05_17_2024", "02_16_2024", "02_17_2024"] {
                published[stamp] = try await Self.entries(server, "\(kind)_ids_\(stamp).json.gz") != nil
            }
            // Today's (after 08:00), not tomorrow's; the 90th day back, not the 91st.
            #expect(published == ["05_16_2024": true, "05_17_2024": false, "02_16_2024": false, "02_17_2024": true])
        }
    }
}
