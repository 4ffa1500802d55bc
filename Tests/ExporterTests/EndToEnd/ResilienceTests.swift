import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Surviving the real API's faults, through the sandbox", .timeLimit(.minutes(15)))
struct ResilienceTests {
    func job(_ name: String, pages: ClosedRange<Int>, posters: Bool = false, concurrency: Int = 8) -> Job {
        Job(
            name: name, requests: [.init(list: .popular, pages: .range(pages))],
            posters: posters ? Job.PosterSettings(size: "w92", concurrency: 4) : nil, concurrency: concurrency)
    }

    @Test("retries 5xx answers until every page is exported")
    func serverErrors() async throws {
        let sandbox = try SandboxHarness { $0.faults.serverErrorRate = 0.3 }
        try await sandbox.closing {
            let report = try await sandbox.exporter().run(job("errors", pages: 1...20))
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.requests[0].rowsWritten == 400)
            #expect(report.manifest.apiRetries > 0)
            #expect(sandbox.server.requestLog().contains { [500, 502, 503].contains($0.status) })
        }
    }

    @Test("retries bodies cut short mid-transfer")
    func truncatedBodies() async throws {
        let sandbox = try SandboxHarness { $0.faults.truncatedBodyRate = 0.3 }
        try await sandbox.closing {
            let report = try await sandbox.exporter().run(job("cut", pages: 1...15))
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.requests[0].rowsWritten == 300)
            #expect(report.manifest.apiRetries > 0)
            #expect(sandbox.server.requestLog().contains { $0.fault == .truncatedBody })
        }
    }

    @Test("waits out 429s with Retry-After and still exports every page")
    func serverRateLimit() async throws {
        // A bucket of 2: the two setup requests empty it, so four simultaneous page requests must meet 429s
        // however slowly the machine runs.
        let sandbox = try SandboxHarness { $0.faults.rateLimit = 2 }
        try await sandbox.closing {
            let report = try await sandbox.exporter(concurrency: 4).run(job("limited", pages: 1...4, concurrency: 4))
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.throttled > 0)
            #expect(report.manifest.throttled == sandbox.server.requestLog().filter { $0.status == 429 }.count)
            #expect(report.manifest.requests[0].rowsWritten == 80)
        }
    }

    @Test("retries a 200 with malformed JSON once, then records the page with the start of the body")
    func malformedJSON() async throws {
        let sandbox = try SandboxHarness { $0.faults.malformedJSONPages = [2] }
        try await sandbox.closing {
            let report = try await sandbox.exporter().run(job("malformed", pages: 1...3))
            #expect(report.manifest.status == .partial)
            #expect(report.manifest.requests[0].rowsWritten == 40)
            let failure = try #require(report.manifest.failures.first)
            #expect(failure.endpoint == "movie/popular" && failure.page == 2)
            #expect(failure.reason.contains("did not decode"))
            #expect(failure.reason.contains(#"body starts "{\"page\":2"#))
            #expect(sandbox.server.requestLog().filter { $0.target.contains("page=2&") }.count == 2)
        }
    }

    @Test("gives up on a request that takes longer than the timeout")
    func timeout() async throws {
        let sandbox = try SandboxHarness { $0.faults.latency = .seconds(2) }
        try await sandbox.closing {
            // No stall watchdog: on a loaded machine the test's tasks may wait minutes for the cooperative pool, and
            // the watchdog (the timeout plus the longest Retry-After, 120.2 s here) would then end the run before the
            // timed-out requests are seen (a CI run at a load average of 20 did that).
            let options = ExportOptions(outputRoot: sandbox.output.path, stallLimit: .seconds(86_400))
            let error = await #expect(throws: ExportError.self) {
                try await sandbox.exporter(retries: 0, timeout: .milliseconds(200), options: options)
                    .run(job("slow", pages: 1...1))
            }
            #expect(String(describing: error).contains("timed out"))
        }
    }

    @Test("refuses a response larger than the size cap without retrying it")
    func sizeCap() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let error = await #expect(throws: ExportError.self) {
                try await sandbox.exporter(maximumBodyBytes: 512).run(job("big", pages: 1...1))
            }
            #expect(String(describing: error).contains("over the 512-byte limit; refused before reading the body"))
            // Each setup request once (the genre list is over 512 bytes too); page 1, sent along with them, at most once:
            // the run stops at setup and cancels it.
            let paths = sandbox.server.requestLog().map(\.path)
            #expect(paths.filter { $0 != "/3/movie/popular" }.sorted() == ["/3/configuration", "/3/genre/movie/list"])
            #expect(paths.filter { $0 == "/3/movie/popular" }.count <= 1)
        }
    }

    @Test("never saves an HTML page served with 200 as a poster: retried, then recorded")
    func htmlPosters() async throws {
        let sandbox = try SandboxHarness { $0.faults.htmlPosterRate = 1 }
        try await sandbox.closing {
            let report = try await sandbox.exporter().run(job("html", pages: 1...1, posters: true))
            #expect(report.manifest.status == .partial)
            let posterFailures = report.manifest.failures.filter { $0.endpoint.hasPrefix("poster ") }
            #expect(!posterFailures.isEmpty)
            #expect(posterFailures.allSatisfy { $0.reason.contains("expected an image, got Content-Type \"text/html") })
            #expect(report.manifest.posterRetries == posterFailures.count)
            #expect(!sandbox.filesWritten().contains { $0.contains("/posters/") })
            let csv = try CSVReader.records(
                try sandbox.output.read("html/runs/\(report.manifest.runID)/movie_popular.csv"))
            #expect(csv.dropFirst().allSatisfy { $0[14].isEmpty })
        }
    }

    @Test("skips unsafe poster paths, lists them in the manifest, and writes nothing outside the output folder")
    func unsafePosterPaths() async throws {
        let sandbox = try SandboxHarness { $0.faults.unsafePosterPaths = true }
        try await sandbox.closing {
            // The export goes to <tmp>/out; <tmp> itself must end up holding nothing else.
            let report = try await sandbox.exporter(outputSubfolder: "out").run(
                job("unsafe", pages: 1...1, posters: true))
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path) == ["out"])
            #expect(report.manifest.unsafePosterPaths.count == report.manifest.requests[0].posters.unsafePath)
            #expect(
                Set(report.manifest.unsafePosterPaths.map(\.posterPath)).isSuperset(of: [
                    "/../../etc/passwd.jpg", "/a/b.jpg",
                ]))
            for file in sandbox.filesWritten() {
                #expect(!file.contains(".."))
                if file.contains("/posters/") {
                    #expect(file.hasPrefix("out/unsafe/posters/w92/") && file.split(separator: "/").count == 5)
                }
            }
            #expect(!sandbox.server.requestLog().contains { $0.target.contains("..") })
        }
    }

    @Test("never writes the API key into the manifest, CSV or NDJSON, even when errors quote URLs")
    func noCredentialsInOutput() async throws {
        let sandbox = try SandboxHarness {
            $0.faults.serverErrorRate = 0.2
            $0.faults.malformedJSONPages = [3]
        }
        try await sandbox.closing {
            let report = try await sandbox.exporter(credentials: .apiKey(SandboxServer.apiKey), retries: 2).run(
                job("secret", pages: 1...4, posters: true))
            #expect(!report.manifest.failures.isEmpty)
            for file in sandbox.filesWritten() where !file.contains("/posters/") {
                let text = try sandbox.output.read(file)
                #expect(!text.contains(SandboxServer.apiKey), "\(file) contains the key")
            }
        }
    }
}
