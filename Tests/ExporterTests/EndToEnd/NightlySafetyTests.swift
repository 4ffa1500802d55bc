import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import Testing

@testable import Exporter

@Suite("Nightly-safe output: staging, resume, keep, lock", .timeLimit(.minutes(15)))
struct NightlySafetyTests {
    let job = Job(
        name: "nightly", requests: [.init(list: .topRated, pages: .range(1...12))],
        posters: Job.PosterSettings(size: "w92", concurrency: 4), concurrency: 4)

    @Test(
        "stops on request after what is in flight, leaves an interrupted staging run, and resumes it without refetching"
    )
    func stopAndResume() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let stop = StopRequest()
            let pagesSeen = Mutex(0)
            let stopping = sandbox.exporter(concurrency: 4, stop: stop) { event in
                if case .pageFinished = event,
                    pagesSeen.withLock({
                        $0 += 1
                        return $0
                    }) == 4
                {
                    stop.request()
                }
            }
            let error = await #expect(throws: ExportError.self) { try await stopping.run(job) }
            guard case .interrupted? = error else {
                Issue.record("expected interrupted, got \(String(describing: error))")
                return
            }
            #expect(!sandbox.output.exists("nightly/latest"))
            let staged = try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path + "/nightly/staging")
            #expect(staged.count == 1)
            let stagedManifest = try JSONDecoder().decode(
                Manifest.self,
                from: Data(
                    contentsOf: URL(
                        fileURLWithPath: sandbox.output.path + "/nightly/staging/\(staged[0])/manifest.json")))
            #expect(stagedManifest.status == .interrupted)
            let fetchedBefore = stagedManifest.requests[0].pagesFetched
            #expect(fetchedBefore >= 4 && fetchedBefore < 12)
            #expect(sandbox.filesWritten().allSatisfy { !($0 as NSString).lastPathComponent.contains(".tmp-") })
            #expect(!sandbox.filesWritten().contains { $0.hasSuffix(".csv") || $0.hasSuffix(".ndjson") })

            let logBefore = sandbox.server.requestLog().count
            var options = ExportOptions(outputRoot: sandbox.output.path)
            options.resume = true
            let report = try await sandbox.exporter(options: options).run(job)
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.resumed)
            #expect(report.manifest.runID == staged[0])
            #expect(report.manifest.requests[0].pagesFromCache == fetchedBefore)
            #expect(report.manifest.requests[0].rowsWritten == 240)
            let pagesRefetched = sandbox.server.requestLog().dropFirst(logBefore).filter {
                $0.path == "/3/movie/top_rated"
            }
            #expect(pagesRefetched.count == 12 - fetchedBefore)
            #expect(sandbox.server.posterFetchCounts().values.allSatisfy { $0 == 1 }, "no poster fetched twice")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path + "/nightly/staging").isEmpty)
            #expect(!sandbox.output.exists("nightly/runs/\(staged[0])/pages"))
        }
    }

    @Test("starts a fresh run on --resume when the unfinished run was for different requests")
    func resumeKeyMismatch() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let stop = StopRequest()
            stop.request()
            _ = try? await sandbox.exporter(stop: stop).run(job)
            var options = ExportOptions(outputRoot: sandbox.output.path)
            options.resume = true
            var other = job
            other.requests = [.init(list: .topRated, pages: .range(1...3))]
            let report = try await sandbox.exporter(options: options).run(other)
            #expect(!report.manifest.resumed)
            #expect(report.manifest.requests[0].pagesFromCache == 0)
        }
    }

    @Test("keeps only the newest N complete runs with --keep, never removing the one latest points at")
    func keep() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            var options = ExportOptions(outputRoot: sandbox.output.path)
            options.keep = 2
            var small = job
            small.requests = [.init(list: .upcoming, pages: .range(1...1))]
            small.posters = nil
            var reports: [ExportReport] = []
            for _ in 0..<3 { reports.append(try await sandbox.exporter(options: options).run(small)) }
            let runs = try FileManager.default.contentsOfDirectory(atPath: sandbox.output.path + "/nightly/runs")
                .sorted()
            #expect(runs == reports.suffix(2).map(\.manifest.runID))
            #expect(reports[2].prunedRuns == [reports[0].manifest.runID])
            #expect(
                FileSystem.symlinkTarget(sandbox.output.path + "/nightly/latest") == "runs/\(reports[2].manifest.runID)"
            )
        }
    }

    @Test("refuses to start while another run of the same job holds the lock")
    func lock() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let held = try JobLock(jobDirectory: sandbox.output.path + "/nightly")
            let error = await #expect(throws: ExportError.self) { try await sandbox.exporter().run(job) }
            guard case .locked(let path)? = error else {
                Issue.record("expected locked, got \(String(describing: error))")
                return
            }
            #expect(path.hasSuffix("nightly/.lock"))
            withExtendedLifetime(held) {}
        }
    }

    @Test("clears temporary files a killed process left behind")
    func leftovers() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let posters = sandbox.output.path + "/nightly/posters/w92"
            try FileManager.default.createDirectory(atPath: posters, withIntermediateDirectories: true)
            try #require(
                FileManager.default.createFile(atPath: posters + "/.abc.jpg.tmp-999-1", contents: Data([0xFF, 0xD8])))
            try #require(
                FileManager.default.createFile(atPath: sandbox.output.path + "/nightly/.latest.tmp-999", contents: nil))
            _ = try await sandbox.exporter().run(job)
            #expect(!sandbox.filesWritten().contains { $0.contains(".tmp-") })
        }
    }

    @Test("fails with the path when the output cannot be written, leaving latest and earlier runs untouched")
    func writeFailure() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            var small = job
            small.posters = nil
            let first = try await sandbox.exporter().run(small)
            let latestBefore = FileSystem.symlinkTarget(sandbox.output.path + "/nightly/latest")
            // A file where the staging folder should be: every write under it fails, as on a broken disk.
            try FileManager.default.removeItem(atPath: sandbox.output.path + "/nightly/staging")
            try #require(
                FileManager.default.createFile(
                    atPath: sandbox.output.path + "/nightly/staging", contents: Data("x".utf8)))
            let error = await #expect(throws: ExportError.self) { try await sandbox.exporter().run(small) }
            guard case .output(let outputError)? = error else {
                Issue.record("expected an output error, got \(String(describing: error))")
                return
            }
            #expect(outputError.path.contains("/nightly/staging/"))
            #expect(String(describing: error).contains("cannot create folder"))
            #expect(FileSystem.symlinkTarget(sandbox.output.path + "/nightly/latest") == latestBefore)
            let csv = try Data(contentsOf: URL(fileURLWithPath: first.runDirectory + "/movie_top_rated.csv"))
            #expect(SHA256.hex(of: Array(csv)) == first.manifest.requests[0].files.first { $0.format == "csv" }?.sha256)
        }
    }

    @Test("writes byte-identical files at concurrency 1 and 32 with randomised sandbox latency")
    func deterministicOverLoopback() async throws {
        let sandbox = try SandboxHarness {
            $0.faults.latencyJitter = .milliseconds(8)
            $0.seed = 7
        }
        try await sandbox.closing {
            let job = Job(
                name: "same",
                requests: [.init(list: .popular, pages: .range(1...24)), .init(list: .nowPlaying, pages: .all)],
                posters: nil)
            var serial = ExportOptions(outputRoot: sandbox.output.path + "/one")
            serial.concurrency = 1
            var parallel = ExportOptions(outputRoot: sandbox.output.path + "/many")
            parallel.concurrency = 32
            let one = try await sandbox.exporter(concurrency: 1, options: serial).run(job)
            let many = try await sandbox.exporter(concurrency: 32, options: parallel).run(job)
            for name in [
                "movie_popular.csv", "movie_popular.ndjson", "movie_now_playing.csv", "movie_now_playing.ndjson",
            ] {
                let a = try Data(contentsOf: URL(fileURLWithPath: one.runDirectory + "/" + name))
                let b = try Data(contentsOf: URL(fileURLWithPath: many.runDirectory + "/" + name))
                #expect(a == b, "\(name) differs")
            }
            #expect(one.manifest.requests.map(\.files) == many.manifest.requests.map(\.files))
        }
    }
}
