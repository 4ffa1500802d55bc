import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter
@testable import TMDBSandbox

@Suite(
    "Nightly incremental catalogues: each night's snapshot is what a full run writes that night",
    .timeLimit(.minutes(20)))
struct IncrementalEndToEndTests {
    static let job = Job(
        name: "nightly", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie)),
            Job.CatalogueRequest(type: .tv, append: AppendedResource.supported(by: .tv)),
        ])

    /// The sandbox's simulated day, moved by the test between nights.
    final class Calendar: Sendable {
        private let day: Mutex<TMDBAPI.ExportDay>
        init(_ day: TMDBAPI.ExportDay) { self.day = Mutex(day) }
        var today: TMDBAPI.ExportDay { day.withLock { $0 } }
        var noon: Date { today.noon }
        func set(_ new: TMDBAPI.ExportDay) { day.withLock { $0 = new } }
    }

    /// A small universe of generated ids only (the list catalogue's never change), evolving day by day.
    static func harness(_ calendar: Calendar, movies: Int = 320, series: Int = 110) throws -> SandboxHarness {
        try SandboxHarness { options in
            options.catalogueSize = movies
            options.seriesCatalogueSize = series
            options.catalogueIncludesLists = false
            options.simulatesDays = true
            options.now = { calendar.noon }
        }
    }

    static func options(_ harness: SandboxHarness, folder: String, calendar: Calendar, full: Bool = false)
        -> ExportOptions
    {
        ExportOptions(
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), concurrency: 6,
            filesBaseURL: harness.server.filesBaseURL, now: calendar.noon, full: full)
    }

    /// Every data file of a snapshot (the tables, the details, the rows `collections` comes from), by name.
    static func snapshotFiles(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in ["", "state"] {
            let path = (directory as NSString).appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: path)
            where (name.hasSuffix(".csv") || name.hasSuffix(".ndjson")) && !name.contains("changes_applied") {
                files[folder.isEmpty ? name : "\(folder)/\(name)"] = FileManager.default.contents(
                    atPath: (path as NSString).appendingPathComponent(name))
            }
        }
        return files
    }

    /// The details requests the sandbox answered, a series' season requests (`season/N` appended) left out.
    static func detailsRequests(_ server: SandboxServer) -> Int {
        server.requestLog().filter { record in
            let parts = record.path.split(separator: "/")
            return parts.count == 3 && parts[0] == "3" && (parts[1] == "movie" || parts[1] == "tv")
                && Int(parts[2]) != nil && !(record.target.removingPercentEncoding ?? "").contains("season/")
        }.count
    }

    /// Days in a row on which the movie universe adds, removes and changes ids, so every path is taken.
    static func eventfulStretch(_ universe: SandboxCatalogueUniverse, nights: Int = 5) -> TMDBSandbox.ExportDay {
        var first = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 5)
        while true {
            let last = first.adding(days: nights - 1)
            let before = Set(universe.ids(.movie, on: first, adult: false))
            let after = Set(universe.ids(.movie, on: last, adult: false))
            let changed = (1..<nights).flatMap { universe.changedIds(.movie, on: first.adding(days: $0)) }
            if !before.subtracting(after).isEmpty && !after.subtracting(before).isEmpty && changed.count >= 4 {
                return first
            }
            first = first.adding(days: 1)
        }
    }

    /// The refresh of the eight nights: rows at most three days old, the votes of the 60 most popular each night.
    static let refresh = Job.RefreshSettings(maxAgeDays: 3, top: 60)

    /// Each night's delta also gives that night's tables, and no row grows older than `maxAgeDays`.
    @Test("day 1 full, days 2 to 8 incremental: day 8 keeps the guarantee against a full run, column by column")
    func eightNightsKeepTheGuarantee() async throws {
        let universe = SandboxCatalogueUniverse(movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)
        let first = Self.eventfulStretch(universe, nights: 8)
        let calendar = Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Self.harness(calendar)
        try await harness.closing {
            var job = Self.job
            for index in job.catalogue.indices { job.catalogue[index].refresh = Self.refresh }

            var report = try await harness.exporter(
                options: Self.options(harness, folder: "nightly", calendar: calendar)
            )
            .run(job)
            #expect(report.manifest.catalogue?.map(\.mode) == [.full, .full])
            var previousRun = report.manifest.runID
            var previousFiles = try Self.snapshotFiles(report.runDirectory)
            var nights: [Manifest.IncrementalSummary] = []
            var freshness: [Manifest.FreshnessSummary] = []
            for night in 2...8 {
                calendar.set(calendar.today.adding(days: 1))
                harness.server.resetRequestLog()
                report = try await harness.exporter(
                    options: Self.options(harness, folder: "nightly", calendar: calendar)
                )
                .run(job)
                #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
                let summaries = try #require(report.manifest.catalogue)
                #expect(summaries.map(\.mode) == [.incremental, .incremental], "night \(night)")
                nights += summaries.compactMap(\.incremental)
                freshness += summaries.compactMap(\.freshness)
                let requested = summaries.compactMap(\.incremental).reduce(0) { $0 + $1.detailsRequested }
                #expect(summaries.compactMap(\.incremental).map(\.basedOnRun) == [previousRun, previousRun])
                #expect(Self.detailsRequests(harness.server) == requested)
                // The feed's ids, the new ones, an even slice of the oldest, and the popular ones discover missed.
                for summary in summaries {
                    let incremental = try #require(summary.incremental)
                    let fresh = try #require(summary.freshness)
                    let slice = (summary.idsPlanned + Self.refresh.maxAgeDays - 1) / Self.refresh.maxAgeDays
                    #expect(fresh.idsRefetchedAsOldest >= min(slice, incremental.idsCarriedOver))
                    #expect(
                        incremental.detailsRequested
                            <= incremental.idsAdded + incremental.idsInChangeFeed + max(slice, fresh.idsPastMaxAge)
                            + fresh.votesFetchedWithDetails + summary.idsFailed,
                        "night \(night) \(summary.type): \(incremental.detailsRequested) details")
                }
                // No row is older than maxAgeDays, whatever the night.
                let oldest = Self.day(calendar.today.adding(days: -Self.refresh.maxAgeDays))
                for table in ["movies.csv", "tv_series.csv"] {
                    let rows = try SnapshotGuarantee.csvRows(
                        try #require(Self.snapshotFiles(report.runDirectory)[table]))
                    #expect(rows.allSatisfy { ($0["fetched_at"] ?? "") >= oldest }, "night \(night): \(table)")
                }
                // The delta applied to last night's movies gives tonight's.
                let movies = try Self.applyDelta(
                    previous: try #require(previousFiles["movies.csv"]), run: report.runDirectory, table: "movies",
                    type: "movie")
                #expect(movies == (try Self.snapshotFiles(report.runDirectory))["movies.csv"], "night \(night)")
                previousRun = report.manifest.runID
                previousFiles = try Self.snapshotFiles(report.runDirectory)
            }

            // The nights added, changed, dropped and refreshed ids: every path of the merge was taken.
            #expect(nights.map(\.idsAdded).reduce(0, +) > 0)
            #expect(nights.map(\.idsChanged).reduce(0, +) >= 4)
            #expect(nights.map(\.idsGoneFromExport).reduce(0, +) > 0)
            #expect(freshness.map(\.idsRefetchedAsOldest).reduce(0, +) > 0)
            #expect(freshness.map(\.votesFromDiscover).reduce(0, +) > 0)
            #expect(freshness.map(\.rowsRefreshed).reduce(0, +) > 0)

            let full = try await harness.exporter(options: Self.options(harness, folder: "full", calendar: calendar))
                .run(job)
            #expect(full.manifest.catalogue?.map(\.mode) == [.full, .full])
            let guarantee = try SnapshotGuarantee(
                incremental: report.runDirectory, full: full.runDirectory, tonight: calendar.noon,
                maxAgeDays: Self.refresh.maxAgeDays)
            #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
            // Not vacuous: some votes are tonight's, some older and by now stale; some rows were fetched before tonight.
            #expect(guarantee.rowsWithTonightsVotes > 0)
            #expect(guarantee.rowsWithStaleVotes > 0)
            #expect(guarantee.rowsFetchedBefore > 0)
            // Watch providers drift with no feed entry: tonight's ids' offers were compared, and some carried ones,
            // not compared, had moved since they were fetched.
            #expect(guarantee.providerRowsOfTonightsIDs > 0)
            #expect(guarantee.providerRowsCarried > 0)
            #expect(guarantee.providerRowsCarriedStale > 0)
            // Episode votes move without a feed entry: some carried episodes' votes are by now stale.
            #expect(guarantee.driftingRowsStale > 0)
        }
    }

    static func day(_ day: TMDBAPI.ExportDay) -> String { "\(day)T00:00:00Z" }

    @Test("falls back to a full run, saying why: --full, a changed job, a file that fails its SHA-256, a long gap")
    func fullRunReasons() async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let harness = try Self.harness(calendar)
        try await harness.closing {
            let job = Job(
                name: "nightly", requests: [],
                catalogue: [Job.CatalogueRequest(type: .movie, append: [.credits, .keywords], limit: 20)])
            func night(_ job: Job, full: Bool = false) async throws -> Manifest.CatalogueSummary {
                let report = try await harness.exporter(
                    options: Self.options(harness, folder: "reasons", calendar: calendar, full: full)
                ).run(job)
                return try #require(report.manifest.catalogue?.first)
            }
            #expect(try await night(job).fullRunReason == "no earlier snapshot (latest) to build on")
            #expect(try await night(job).mode == .incremental)
            #expect(try await night(job, full: true).fullRunReason == "--full")

            var fewer = job
            fewer.catalogue[0].append = [.credits]
            let changed = try await night(fewer)
            #expect(changed.mode == .full)
            #expect(changed.fullRunReason?.contains("changed since runs/") == true)
            #expect(changed.fullRunReason?.hasSuffix("append credits,keywords → credits") == true)

            let latest = (harness.output.path as NSString).appendingPathComponent("reasons/nightly/latest/movies.csv")
            var bytes = try Data(contentsOf: URL(fileURLWithPath: latest))
            bytes[bytes.count - 2] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: latest))
            let tampered = try await night(fewer)
            #expect(tampered.mode == .full)
            #expect(tampered.fullRunReason?.hasSuffix("movies.csv does not match its SHA-256 in the manifest") == true)

            calendar.set(calendar.today.adding(days: 91))
            let late = try await night(fewer)
            #expect(late.fullRunReason?.contains("91 days ago; change feeds and export files cover 90") == true)
        }
    }

    @Test("a night stopped midway leaves latest alone, and resumes without fetching again what it wrote")
    func stoppedNightResumes() async throws {
        let universe = SandboxCatalogueUniverse(movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)
        let first = Self.eventfulStretch(universe)
        let calendar = Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Self.harness(calendar)
        try await harness.closing {
            let job = Job(
                name: "nightly", requests: [],
                catalogue: [Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie))])
            let night1 = try await harness.exporter(options: Self.options(harness, folder: "stop", calendar: calendar))
                .run(job)
            calendar.set(calendar.today.adding(days: 4))
            harness.server.resetRequestLog()

            let stop = StopRequest()
            let finished = Mutex(0)
            var twoAtOnce = Self.options(harness, folder: "stop", calendar: calendar)
            twoAtOnce.concurrency = 2
            let stopping = harness.exporter(
                concurrency: 2, options: twoAtOnce, stop: stop,
                onEvent: { event in
                    guard case .detailsFinished = event else { return }
                    if finished.withLock({ count in
                        count += 1
                        return count
                    }) == 4 {
                        stop.request()
                    }
                })
            await #expect(throws: ExportError.self) { try await stopping.run(job) }
            let latest = (harness.output.path as NSString).appendingPathComponent("stop/nightly/latest")
            #expect(FileSystem.symlinkTarget(latest) == "runs/\(night1.manifest.runID)")
            let firstRequests = Self.detailsRequests(harness.server)
            harness.server.resetRequestLog()

            var resume = Self.options(harness, folder: "stop", calendar: calendar)
            resume.resume = true
            let resumed = try await harness.exporter(options: resume).run(job)
            #expect(resumed.manifest.resumed && resumed.manifest.status == .complete)
            let summary = try #require(resumed.manifest.catalogue?.first)
            let requested = try #require(summary.incremental?.detailsRequested)
            // What was written before the stop is not asked for again: at most the ids in flight when it stopped.
            #expect(Self.detailsRequests(harness.server) <= requested - 4 + 2)
            #expect(firstRequests + Self.detailsRequests(harness.server) <= requested + 2)

            let full = try await harness.exporter(options: Self.options(harness, folder: "whole", calendar: calendar))
                .run(job)
            let guarantee = try SnapshotGuarantee(
                incremental: resumed.runDirectory, full: full.runDirectory, tonight: calendar.noon,
                maxAgeDays: job.catalogue[0].refresh.maxAgeDays)
            #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
        }
    }

    /// Last night's table with the delta applied as the README says: delete every changed id, insert the upserts,
    /// update the refreshed rows' popularity and votes.
    static func applyDelta(previous: Data, run: String, table: String, type: String) throws -> Data {
        let changed = try CSVReader.records(
            try String(contentsOfFile: "\(run)/delta/\(type)_changed_ids.csv", encoding: .utf8)
        ).dropFirst().map { $0[0] }
        let upserts = try CSVReader.records(
            try String(contentsOfFile: "\(run)/delta/\(table).upserts.csv", encoding: .utf8))
        let kept = try CSVReader.records(String(decoding: previous, as: UTF8.self))
        let header = kept[0]
        #expect(upserts[0] == header)
        let refreshed = try CSVReader.records(
            try String(contentsOfFile: "\(run)/delta/\(type)_refreshed.csv", encoding: .utf8))
        let updates = Dictionary(uniqueKeysWithValues: refreshed.dropFirst().map { ($0[0], $0) })
        let updated = try kept.dropFirst().map { row in
            guard let update = updates[row[0]] else { return row }
            var row = row
            for (column, value) in zip(refreshed[0], update).dropFirst() {
                row[try #require(header.firstIndex(of: column))] = value
            }
            return row
        }
        let rows = (updated.filter { !changed.contains($0[0]) } + upserts.dropFirst())
            .sorted { Int($0[0])! < Int($1[0])! }
        return Data(([header] + rows).map { CSVEncoding.record($0) }.joined())
    }
}
