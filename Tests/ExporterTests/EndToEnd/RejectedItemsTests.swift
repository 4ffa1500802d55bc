import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter
@testable import TMDBSandbox

/// Issue 19, "no silent loss": against a sandbox that damages three items of a page (a title with a byte that is not
/// UTF-8, `vote_average` 1e400, `id` 2.5), every item the server sent is a row, or a line of `rejected.ndjson`.
@Suite("Rows that cannot be read are repaired or rejected, never lost", .timeLimit(.minutes(15)))
struct RejectedItemsTests {
    static let job = Job(
        name: "damaged", requests: [Job.ListRequest(list: .topRated, pages: .range(1...3))], posters: nil)

    func runFile(_ sandbox: SandboxHarness, _ report: ExportReport, _ name: String) throws -> String {
        try sandbox.output.read("\(Self.job.name)/runs/\(report.manifest.runID)/\(name)")
    }

    func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("repairs the invalid UTF-8 title, rejects 1e400 and id 2.5 into rejected.ndjson, and counts both")
    func repairedAndRejected() async throws {
        let sandbox = try SandboxHarness { $0.faults.damagedItemPages = [2] }
        try await sandbox.closing {
            let report = try await sandbox.exporter(options: ExportOptions(outputRoot: sandbox.output.path)).run(
                Self.job)
            let manifest = report.manifest
            #expect(manifest.status == .complete, "\(manifest.failures)")
            #expect(report.publishedAsLatest)
            let summary = try #require(manifest.requests.first)
            #expect(summary.rowsWritten == 58)
            #expect(summary.itemsRejected == 2)
            #expect(summary.itemsSkipped == 2)
            #expect(summary.stringsRepaired == 1)

            let page = sandbox.server.catalogue.page(2, of: .topRated)
            let rows = try lines(try runFile(sandbox, report, "movie_top_rated.ndjson"))
            #expect(rows.count + 2 == 60, "every item is a row or a rejection")
            let repaired = try #require(rows.first { $0["rank"] as? Int == 21 })
            #expect(repaired["id"] as? Int == page[0].id)
            #expect(repaired["title"] as? String == "\u{FFFD}" + page[0].title)
            #expect(!rows.contains { [22, 23].contains($0["rank"] as? Int) })

            let rejectedText = try runFile(sandbox, report, "rejected.ndjson")
            let rejected = try lines(rejectedText)
            #expect(rejected.count == 2)
            #expect(rejected.map { $0["list"] as? String } == ["movie_top_rated", "movie_top_rated"])
            #expect(rejected.map { $0["endpoint"] as? String } == ["movie/top_rated", "movie/top_rated"])
            #expect(rejected.map { $0["page"] as? Int } == [2, 2])
            #expect(rejected.map { $0["rank"] as? Int } == [22, 23])
            #expect(rejected[0]["id"] as? Int == page[1].id)
            #expect(rejected[1]["id"] is NSNull, "2.5 is no id")
            #expect(rejected.map { $0["field"] as? String } == ["vote_average", "id"])
            #expect(rejected.map { $0["reason"] as? String } == ["cannot be read as Double", "cannot be read as Int"])
            let raw = rejected.map { $0["raw"] as? String ?? "" }
            #expect(raw[0].contains(#""vote_average":1e400,"#) && raw[0].contains(#""id":\#(page[1].id),"#))
            #expect(raw[1].contains(#""id":2.5,"#) && raw[1].hasPrefix("{") && raw[1].hasSuffix("}"))

            let file = try #require(manifest.rejectedFile)
            #expect(file.path == "rejected.ndjson")
            #expect(file.format == "ndjson")
            #expect(file.rows == 2)
            #expect(file.bytes == rejectedText.utf8.count)
            #expect(file.sha256 == SHA256.hex(of: Array(rejectedText.utf8)))
        }
    }

    @Test(
        "--strict fails the run, lists each rejection as a failure, and leaves latest alone, --allow-partial or not",
        arguments: [false, true])
    func strict(allowPartial: Bool) async throws {
        let sandbox = try SandboxHarness { $0.faults.damagedItemPages = [2] }
        try await sandbox.closing {
            let collected = Collected()
            let options = ExportOptions(outputRoot: sandbox.output.path, allowPartial: allowPartial, strict: true)
            let report = try await sandbox.exporter(options: options) { event in
                if case .failure(let message) = event { collected.append(message) }
            }.run(Self.job)
            let failures = collected.messages
            #expect(report.manifest.status == .failed)
            #expect(!report.publishedAsLatest)
            #expect(!sandbox.output.exists("\(Self.job.name)/latest"))
            #expect(report.manifest.failures.map(\.page) == [2, 2])
            #expect(report.manifest.failures.map(\.endpoint) == ["movie/top_rated", "movie/top_rated"])
            let id = sandbox.server.catalogue.page(2, of: .topRated)[1].id
            #expect(
                report.manifest.failures.map(\.reason) == [
                    "item rejected (rank 22, id \(id)): vote_average: cannot be read as Double",
                    "item rejected (rank 23): id: cannot be read as Int",
                ])
            #expect(failures.count == 2 && failures[1].hasPrefix("movie/top_rated page 2: item rejected (rank 23)"))
            // The run is kept, whole, for the operator to look at.
            #expect(report.manifest.requests.first?.rowsWritten == 58)
            #expect(try lines(try runFile(sandbox, report, "rejected.ndjson")).count == 2)
        }
    }

    @Test("writes no rejected.ndjson, and names none in the manifest, when nothing was rejected")
    func nothingRejected() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let options = ExportOptions(outputRoot: sandbox.output.path, strict: true)
            let report = try await sandbox.exporter(options: options).run(Self.job)
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.rejectedFile == nil)
            #expect(report.manifest.requests.first?.itemsRejected == 0)
            #expect(!sandbox.output.exists("\(Self.job.name)/runs/\(report.manifest.runID)/rejected.ndjson"))
            let manifest = try runFile(sandbox, report, "manifest.json")
            #expect(!manifest.contains("rejectedFile"))
            #expect(manifest.contains(#""itemsRejected" : 0"#) && manifest.contains(#""stringsRepaired" : 0"#))
        }
    }

    @Test("a resumed run rejects again the items of the pages it takes from the interrupted run's cache")
    func resumed() async throws {
        // Answers slow enough that a stop after the first page leaves most of the 12 pages unfetched.
        let sandbox = try SandboxHarness {
            $0.faults.damagedItemPages = Set(1...12)
            $0.faults.latency = .milliseconds(30)
        }
        try await sandbox.closing {
            let job = Job(name: "damaged", requests: [.init(list: .topRated, pages: .range(1...12))], posters: nil)
            let stop = StopRequest()
            let stopping = sandbox.exporter(concurrency: 1, stop: stop) { event in
                if case .pageFinished = event { stop.request() }
            }
            await #expect(throws: ExportError.self) { try await stopping.run(job) }
            let options = ExportOptions(outputRoot: sandbox.output.path, resume: true)
            let report = try await sandbox.exporter(options: options).run(job)
            #expect(report.manifest.resumed)
            #expect(report.manifest.requests[0].pagesFromCache >= 1)
            #expect(report.manifest.requests[0].pagesFromCache < 12)
            #expect(report.manifest.requests[0].itemsRejected == 24)
            #expect(report.manifest.requests[0].stringsRepaired == 12)
            let resumed = try runFile(sandbox, report, "rejected.ndjson")
            let fresh = try await sandbox.exporter(options: ExportOptions(outputRoot: sandbox.output.path + "/fresh"))
                .run(job)
            #expect(resumed == (try sandbox.output.read("fresh/damaged/runs/\(fresh.manifest.runID)/rejected.ndjson")))
        }
    }

    @Test("writes the same rejected.ndjson at any concurrency: job order, then rank")
    func deterministic() async throws {
        let sandbox = try SandboxHarness { $0.faults.damagedItemPages = [1, 3] }
        try await sandbox.closing {
            let job = Job(
                name: "damaged",
                requests: [.init(list: .topRated, pages: .range(1...4)), .init(list: .popular, pages: .range(1...4))],
                posters: nil)
            var files: [String] = []
            for (run, concurrency) in [1, 8].enumerated() {
                let options = ExportOptions(outputRoot: sandbox.output.path + "/\(run)", concurrency: concurrency)
                let report = try await sandbox.exporter(options: options).run(job)
                files.append(try sandbox.output.read("\(run)/damaged/runs/\(report.manifest.runID)/rejected.ndjson"))
            }
            #expect(files[0] == files[1])
            let rejected = try lines(files[0])
            let lists = rejected.map { $0["list"] as? String ?? "" }
            #expect(
                lists == Array(repeating: "movie_top_rated", count: 4) + Array(repeating: "movie_popular", count: 4))
            #expect(rejected.map { $0["rank"] as? Int ?? 0 } == [2, 3, 42, 43, 2, 3, 42, 43])
        }
    }
}

/// Failure messages reported during a run, from the run's own task.
private final class Collected: Sendable {
    private let state = Mutex<[String]>([])
    func append(_ message: String) { state.withLock { $0.append(message) } }
    var messages: [String] { state.withLock { $0 } }
}
