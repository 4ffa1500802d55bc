import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Dimension tables from the sandbox's exports, beside its catalogues", .timeLimit(.minutes(15)))
struct DimensionEndToEndTests {
    static let job = Job(
        name: "dimensions", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: [.keywords], limit: 30),
            Job.CatalogueRequest(type: .tv, append: [.keywords], limit: 12),
        ],
        dimensions: [
            Job.DimensionRequest(type: .keyword), Job.DimensionRequest(type: .company),
            Job.DimensionRequest(type: .network),
        ])

    static func options(_ harness: SandboxHarness, folder: String, shard: Shard? = nil) -> ExportOptions {
        ExportOptions(
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), concurrency: 6,
            filesBaseURL: harness.server.filesBaseURL, now: CatalogueEndToEndTests.now, shard: shard)
    }

    /// A CSV file of the run as records, header first.
    static func records(_ run: String, _ name: String) throws -> [[String]] {
        try CSVReader.records(try String(contentsOfFile: "\(run)/\(name).csv", encoding: .utf8))
    }

    /// Each row's value of `column` (by header name) with the row's `name`, header left out.
    static func column(_ records: [[String]], _ column: String) throws -> [(id: Int, name: String)] {
        let header = try #require(records.first)
        let index = try #require(header.firstIndex(of: column), "no \(column) in \(header)")
        let name = try #require(header.lastIndex(of: "name"))
        return try records.dropFirst().map { (try #require(Int($0[index])), $0[name]) }
    }

    @Test("writes keywords, companies and networks in id order, a parent row for every id a title names")
    func parentsOfEveryTitle() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let report = try await harness.exporter(options: Self.options(harness, folder: "a")).run(Self.job)
            let run = report.runDirectory
            #expect(report.manifest.status == .complete)
            let summaries = try #require(report.manifest.dimensions)
            #expect(summaries.map(\.type) == [.keyword, .company, .network])
            let children: [DimensionType: [(table: String, column: String)]] = [
                .keyword: [("movie_keywords", "keyword_id"), ("tv_keywords", "keyword_id")],
                .company: [("movie_companies", "company_id"), ("tv_companies", "company_id")],
                .network: [("tv_networks", "network_id")],
            ]
            for summary in summaries {
                let table = summary.type.tableName
                #expect(summary.files.map(\.path) == ["\(table).csv", "\(table).ndjson"])
                #expect(summary.exportFile.hasPrefix(summary.type.exportPrefix + "_"))
                #expect(summary.duplicateIDsInExport == 1 && summary.linesInExport == summary.files[0].rows + 1)
                for file in summary.files {
                    let data = try #require(FileManager.default.contents(atPath: "\(run)/\(file.path)"))
                    #expect(data.count == file.bytes && SHA256.hex(of: data) == file.sha256)
                }
                let parents = try Self.column(try Self.records(run, table), "id")
                let ids = parents.map(\.id)
                #expect(ids == ids.sorted() && Set(ids).count == ids.count && ids.count == summary.files[0].rows)
                let names = Dictionary(uniqueKeysWithValues: parents.map { ($0.id, $0.name) })
                var named = 0
                for child in children[summary.type] ?? [] {
                    for row in try Self.column(try Self.records(run, child.table), child.column) {
                        #expect(names[row.id] == row.name, "\(child.table).\(child.column) \(row.id) has no parent")
                        named += 1
                    }
                }
                #expect(named > 0, "no title names a \(summary.type)")
                #expect(!FileManager.default.fileExists(atPath: "\(run)/ids/\(summary.exportFile)"))
            }
            // Described: keyed by id, and the titles' references said in words, not declared.
            let package = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: "\(run)/datapackage.json")))
                    as? [String: Any])
            let resources = try #require(package["resources"] as? [[String: Any]])
            let keywords = try #require(resources.first { $0["path"] as? String == "keywords.csv" })
            #expect((keywords["schema"] as? [String: Any])?["primaryKey"] as? [String] == ["id"])
            let movieKeywords = try #require(resources.first { $0["path"] as? String == "movie_keywords.csv" })
            #expect((movieKeywords["description"] as? String)?.contains("keyword_id should join keywords.id") == true)
            let keys = ((movieKeywords["schema"] as? [String: Any])?["foreignKeys"] as? [[String: Any]]) ?? []
            #expect(!keys.contains { ($0["reference"] as? [String: Any])?["resource"] as? String == "keywords-csv" })
            let script = try String(contentsOfFile: "\(run)/load.sql", encoding: .utf8)
            #expect(script.contains("CREATE TABLE \"networks\""))
            #expect(script.contains("-- Should join: (network_id) → networks (id), not declared"))
            let page = try String(contentsOfFile: "\(run)/report.html", encoding: .utf8)
            #expect(page.contains("Dimension tables") && page.contains("keywords.csv"))
        }
    }

    @Test("every night, incremental catalogue or not, rewrites the tables whole from that night's export")
    func rewrittenEachNight() async throws {
        let calendar = IncrementalEndToEndTests.Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let harness = try IncrementalEndToEndTests.harness(calendar)
        try await harness.closing {
            let job = Job(
                name: "nights", requests: [], catalogue: [Job.CatalogueRequest(type: .movie, append: [.keywords])],
                dimensions: [Job.DimensionRequest(type: .keyword)])
            var nights: [ExportReport] = []
            for _ in 0..<2 {
                let options = IncrementalEndToEndTests.options(harness, folder: "n", calendar: calendar)
                nights.append(try await harness.exporter(options: options).run(job))
                calendar.set(calendar.today.adding(days: 1))
            }
            #expect(nights.map { $0.manifest.catalogue?.first?.mode } == [.full, .incremental])
            #expect(nights.map { $0.manifest.dimensions?.first?.exportDate } == ["2026-03-10", "2026-03-11"])
            // The sandbox's keywords are the same every day, in another order each day: the tables are the same.
            let tables = try nights.map { try Self.records($0.runDirectory, "keywords") }
            #expect(tables[0].count > 400 && tables[0] == tables[1])
            #expect(nights[0].manifest.dimensions?.first?.files == nights[1].manifest.dimensions?.first?.files)
        }
    }

    @Test("a job of dimension tables only sends no API request and keeps no export file")
    func dimensionsOnly() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let job = Job(name: "lookup", requests: [], dimensions: [Job.DimensionRequest(type: .network)])
            let report = try await harness.exporter(options: Self.options(harness, folder: "b")).run(job)
            #expect(report.manifest.status == .complete && report.manifest.apiRequests == 0)
            #expect(report.manifest.catalogue == nil && report.manifest.dimensions?.count == 1)
            let log = harness.server.requestLog()
            #expect(!log.isEmpty && log.allSatisfy { $0.path.hasPrefix("/p/exports/tv_network_ids_") })
            #expect(!FileManager.default.fileExists(atPath: report.runDirectory + "/ids"))
            #expect(try Self.records(report.runDirectory, "networks").count > 5)
        }
    }
}
