import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Exporting catalogues from the sandbox", .timeLimit(.minutes(15)))
struct CatalogueEndToEndTests {
    static let job = Job(
        name: "catalogue", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie), limit: 24),
            Job.CatalogueRequest(type: .tv, append: AppendedResource.supported(by: .tv), limit: 8),
        ])

    /// A universe a little larger than the list catalogue, so that the export files stay small in a debug build.
    static func smallUniverse(_ options: inout SandboxOptions) {
        options.catalogueSize = 10_600
        options.seriesCatalogueSize = 2_500
    }

    /// One clock for every run of a test, so that rows fetched by different runs carry the same `fetched_at`.
    static let now = Date()

    static func options(_ harness: SandboxHarness, folder: String, resume: Bool = false) -> ExportOptions {
        ExportOptions(
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), concurrency: 6,
            resume: resume, filesBaseURL: harness.server.filesBaseURL, now: now)
    }

    /// Every table and details file of a run, by name.
    static func dataFiles(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory)
        where name.hasSuffix(".csv") || name.hasSuffix(".ndjson") {
            files[name] = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name))
        }
        return files
    }

    /// The ids of the details requests a sandbox answered, in the order they came.
    static func detailsIDs(_ server: SandboxServer, type: String) -> [Int] {
        server.requestLog().compactMap { record in
            let parts = record.path.split(separator: "/")
            guard parts.count == 3, parts[0] == "3", parts[1] == type else { return nil }
            return Int(parts[2])
        }
    }

    @Test("writes every table in id order, child keys all in the main table, the details as received, and counts")
    func exportsTables() async throws {
        let harness = try SandboxHarness(Self.smallUniverse)
        try await harness.closing {
            let report = try await harness.exporter(options: Self.options(harness, folder: "a")).run(Self.job)
            #expect(report.manifest.status == .complete)
            #expect(report.manifest.snapshotVersion == SnapshotLayout.version)
            let summaries = try #require(report.manifest.catalogue)
            #expect(summaries.map(\.type) == [.movie, .tv])
            for summary in summaries {
                #expect(summary.idsPlanned == (summary.type == .movie ? 24 : 8))
                #expect(summary.idsFetched + summary.idsRemoved + summary.idsFailed == summary.idsPlanned)
                #expect(summary.idsCutByLimit > 0 && summary.exportFiles.count == 1)
            }
            let movies = try CSVReader.records(
                try String(contentsOfFile: report.runDirectory + "/movies.csv", encoding: .utf8))
            let ids = movies.dropFirst().map { Int($0[0])! }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count && ids.count == summaries[0].idsFetched)
            #expect(Set(ids) == Set(Self.detailsIDs(harness.server, type: "movie")))
            let cast = try CSVReader.records(
                try String(contentsOfFile: report.runDirectory + "/movie_cast.csv", encoding: .utf8))
            let castKeys = cast.dropFirst().map { Int($0[0])! }
            #expect(!castKeys.isEmpty && castKeys == castKeys.sorted() && Set(castKeys).isSubset(of: Set(ids)))
            let details = try String(contentsOfFile: report.runDirectory + "/movie_details.ndjson", encoding: .utf8)
            #expect(details.split(separator: "\n").count == ids.count)
            let files = try #require(summaries.first?.files)
            for file in files {
                let data = try #require(FileManager.default.contents(atPath: report.runDirectory + "/" + file.path))
                #expect(data.count == file.bytes)
                #expect(SHA256.hex(of: data) == file.sha256)
            }
            #expect(!FileManager.default.fileExists(atPath: report.runDirectory + "/" + SnapshotLayout.checkpoint))
            #expect(FileManager.default.fileExists(atPath: report.runDirectory + "/ids/" + summaries[0].exportFiles[0]))
        }
    }

    /// Runs `job` into `folder` and stops it (as SIGINT does) once `count` details look-ups have ended.
    static func runStopped(_ harness: SandboxHarness, _ job: Job, folder: String, afterDetails count: Int) async {
        let stop = StopRequest()
        let finished = Mutex(0)
        let interrupted = harness.exporter(
            options: Self.options(harness, folder: folder), stop: stop,
            onEvent: { event in
                guard case .detailsFinished = event else { return }
                if finished.withLock({ finished in
                    finished += 1
                    return finished
                }) == count {
                    stop.request()
                }
            })
        await #expect(throws: ExportError.self) { try await interrupted.run(job) }
    }

    @Test("stopped mid-run, --resume fetches only ids past the checkpoint and ends byte-identical to a whole run")
    func resumesFromCheckpoint() async throws {
        let harness = try SandboxHarness(Self.smallUniverse)
        try await harness.closing {
            let whole = try await harness.exporter(options: Self.options(harness, folder: "whole")).run(Self.job)
            let expected = try Self.dataFiles(whole.runDirectory)
            harness.server.resetRequestLog()

            await Self.runStopped(harness, Self.job, folder: "stopped", afterDetails: 12)
            let firstIDs = Self.detailsIDs(harness.server, type: "movie")
            let staging = (harness.output.path as NSString).appendingPathComponent("stopped/catalogue/staging")
            let run = try #require(try FileManager.default.contentsOfDirectory(atPath: staging).first)
            let checkpoint = try #require(
                CatalogueCheckpoint.read(from: "\(staging)/\(run)/\(SnapshotLayout.checkpoint)"))
            let position = checkpoint.positions[0]
            #expect(position >= 12 - 6 && position < 24)
            harness.server.resetRequestLog()

            let resumed = try await harness.exporter(options: Self.options(harness, folder: "stopped", resume: true))
                .run(Self.job)
            #expect(resumed.manifest.resumed && resumed.manifest.status == .complete)
            let resumedIDs = Self.detailsIDs(harness.server, type: "movie")
            let written = try CSVReader.records(
                try String(contentsOfFile: whole.runDirectory + "/movies.csv", encoding: .utf8)
            ).dropFirst().map { Int($0[0])! }
            // Ids before the checkpoint (those written, and any removed ones) are never asked for again.
            let beforeCheckpoint = Set(firstIDs.sorted().prefix(position))
            #expect(Set(resumedIDs).isDisjoint(with: beforeCheckpoint))
            #expect(resumedIDs.count == 24 - position)
            #expect(Set(written).isSubset(of: Set(firstIDs + resumedIDs)))
            #expect(try Self.dataFiles(resumed.runDirectory) == expected)
            // Hashed as appended, the kept part hashed again on resuming: the same digests as the whole run's.
            #expect(resumed.manifest.catalogue?.map(\.files) == whole.manifest.catalogue?.map(\.files))
            #expect(resumed.manifest.catalogue?.first?.idsFetched == whole.manifest.catalogue?.first?.idsFetched)
        }
    }

    @Test(
        "a series' details and season requests are one unit: --resume asks for none before the checkpoint, each after it whole"
    )
    func resumesSeriesWhole() async throws {
        let harness = try SandboxHarness(Self.smallUniverse)
        let job = Job(
            name: "series", requests: [],
            // More series than the window of 4 × concurrency (24) past the first unwritten one: the stop, asked at
            // the third written series, always leaves some unfetched (a long series first holds the frontier back).
            catalogue: [Job.CatalogueRequest(type: .tv, append: [.keywords, .episodes], limit: 60)])
        try await harness.closing {
            let whole = try await harness.exporter(options: Self.options(harness, folder: "whole")).run(job)
            harness.server.resetRequestLog()
            await Self.runStopped(harness, job, folder: "stopped", afterDetails: 3)
            let firstSeries = Self.detailsIDs(harness.server, type: "tv")
            let staging = (harness.output.path as NSString).appendingPathComponent("stopped/series/staging")
            let run = try #require(try FileManager.default.contentsOfDirectory(atPath: staging).first)
            let position = try #require(
                CatalogueCheckpoint.read(from: "\(staging)/\(run)/\(SnapshotLayout.checkpoint)")
            ).positions[0]
            harness.server.resetRequestLog()
            let resumed = try await harness.exporter(options: Self.options(harness, folder: "stopped", resume: true))
                .run(job)
            #expect(resumed.manifest.resumed && resumed.manifest.status == .complete)
            #expect(try Self.dataFiles(resumed.runDirectory) == Self.dataFiles(whole.runDirectory))
            let seasons = Dictionary(
                grouping: try CSVReader.records(
                    try String(contentsOfFile: whole.runDirectory + "/tv_seasons.csv", encoding: .utf8)
                ).dropFirst(), by: { Int($0[0])! }
            ).mapValues(\.count)
            let series = try CSVReader.records(
                try String(contentsOfFile: whole.runDirectory + "/tv_series.csv", encoding: .utf8)
            ).dropFirst().map { Int($0[0])! }
            #expect(series.count == 60 && position > 0 && position < 60, "stopped at \(position)")
            let resumedSeries = Self.detailsIDs(harness.server, type: "tv")
            #expect(Set(resumedSeries).isDisjoint(with: Set(series.prefix(position))))
            #expect(Set(firstSeries).isSuperset(of: series.prefix(position)))
            for id in series.dropFirst(position) {
                let requests = resumedSeries.filter { $0 == id }.count
                #expect(requests == 1 + ((seasons[id] ?? 0) + 19) / 20, "series \(id): \(requests) requests")
            }
        }
    }

    @Test("reads the day before when the latest export is missing, and says so in an event and the manifest")
    func fallsBackADay() async throws {
        let now = Date(timeIntervalSince1970: 1_795_341_180)  // 2026-11-22 09:53 UTC: that day's file is out
        let harness = try SandboxHarness { options in
            options.now = { now }
            options.faults.missingExportDays = ["2026-11-22"]
        }
        try await harness.closing {
            var options = Self.options(harness, folder: "fallback")
            options.now = now
            let notices = Mutex<[String]>([])
            let job = Job(name: "catalogue", requests: [], catalogue: [Job.CatalogueRequest(type: .movie, limit: 5)])
            let report = try await harness.exporter(
                options: options,
                onEvent: { event in
                    if case .notice(let text) = event { notices.withLock { $0.append(text) } }
                }
            ).run(job)
            let summary = try #require(report.manifest.catalogue?.first)
            #expect(summary.exportDate == "2026-11-21" && summary.exportDateMissing == "2026-11-22")
            #expect(summary.exportFiles == ["movie_ids_11_21_2026.json.gz"])
            #expect(
                notices.withLock { $0 }.filter { $0.hasPrefix("the movie ID export") } == [
                    "the movie ID export of 2026-11-22 is not published (404); read 2026-11-21's instead"
                ])
        }
    }

    @Test("a line of the export that is not JSON stops the run naming the file and line, and publishes nothing")
    func corruptExportStopsTheRun() async throws {
        let harness = try SandboxHarness(Self.smallUniverse)
        try await harness.closing {
            let lines = "{\"adult\":false,\"id\":100,\"popularity\":2.4}\n{\"adult\":false,\"id\":10\n"
            let file = Gzip.compress(Array(lines.utf8))
            try await HostileServer.with(answering: .respond(status: 200, body: file)) { files in
                var options = Self.options(harness, folder: "corrupt")
                options.filesBaseURL = files.baseURL.appendingPathComponent("p/exports")
                let job = Job(name: "catalogue", requests: [], catalogue: [Job.CatalogueRequest(type: .movie)])
                do {
                    _ = try await harness.exporter(options: options).run(job)
                    Issue.record("the run succeeded on a corrupt export file")
                } catch let error as ExportError {
                    guard case .badIDExport(let path, let line, _) = error else {
                        Issue.record("expected badIDExport, got \(error)")
                        return
                    }
                    #expect(path.hasSuffix(".json.gz") && line == 2, "\(error)")
                }
            }
            let job = (harness.output.path as NSString).appendingPathComponent("corrupt/catalogue")
            #expect(!FileManager.default.fileExists(atPath: job + "/latest"))
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: job + "/runs")) ?? []).isEmpty)
        }
    }

    @Test("downloads each id's poster into the shared poster folder when the catalogue asks, and counts them")
    func posters() async throws {
        let harness = try SandboxHarness(Self.smallUniverse)
        try await harness.closing {
            let limited = Job(
                name: "catalogue", requests: [],
                catalogue: [Job.CatalogueRequest(type: .movie, limit: 30, posters: true)],
                posters: Job.PosterSettings(size: "w92", concurrency: 4))
            let options = Self.options(harness, folder: "posters")
            let report = try await harness.exporter(options: options).run(limited)
            #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
            let summary = try #require(report.manifest.catalogue?.first)
            let counts = try #require(summary.posters)
            #expect(counts.downloaded > 0 && counts.failed == 0 && counts.unsafePath == 0)
            #expect(counts.downloaded + counts.alreadyPresent + counts.absent == summary.idsFetched)
            let folder = (harness.output.path as NSString).appendingPathComponent("posters/catalogue/posters/w92")
            let saved = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(saved.count == counts.downloaded)
            #expect(report.manifest.posterSize == "w92")

            // A second full run finds them all present (an incremental one would fetch only what changed).
            var full = options
            full.full = true
            let again = try await harness.exporter(options: full).run(limited)
            #expect(again.manifest.catalogue?.first?.posters?.alreadyPresent == counts.downloaded)
            #expect(again.manifest.catalogue?.first?.posters?.downloaded == 0)
        }
    }
}
