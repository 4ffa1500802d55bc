import Foundation
import HTTPClient
import RunReport
import RunStore
import Synchronization
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter
@testable import TMDBSandbox

@Suite(
    "Poison ids: an id that fails every night is carried with its previous rows, not a frozen catalogue",
    .timeLimit(.minutes(20)))
struct CarriedIDsEndToEndTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let movies = 60
    static let firstDay = TMDBAPI.ExportDay("2026-03-10")!

    /// The movie ids of the sandbox's small, unchanging universe, ascending.
    static let ids: [Int] = SandboxCatalogueUniverse(
        movieCount: movies, seriesCount: 0, evolves: false, includesLists: false
    ).ids(.movie, on: TMDBSandbox.ExportDay(isoDate: firstDay.description)!, adult: false).sorted()
    /// Answers 500 to every request of its details.
    static var failing: Int { ids[7] }
    /// Answers 9 MiB of valid JSON, over the 8 MiB cap.
    static var oversized: Int { ids[31] }

    /// A movie catalogue with every append (every table, the derived `collections` too), fetching every id each
    /// night (`maxAgeDays` 1) or none but what failed (refresh off).
    static func job(everyID: Bool = true, maxFailedPercent: Double = 10) -> Job {
        var request = Job.CatalogueRequest(
            type: .movie, append: AppendedResource.supported(by: .movie),
            refresh: Job.RefreshSettings(maxAgeDays: everyID ? 1 : 0, top: 0))
        request.maxFailedPercent = maxFailedPercent
        return Job(name: "poison", requests: [], catalogue: [request])
    }

    /// A sandbox serving the universe every day, with the given faults.
    static func harness(
        _ calendar: Calendar, failing: Set<Int> = [], oversized: Set<Int> = []
    ) throws -> SandboxHarness {
        try SandboxHarness { options in
            options.catalogueSize = movies
            options.seriesCatalogueSize = 0
            options.catalogueIncludesLists = false
            options.now = { calendar.noon }
            options.faults.failingIDs = failing
            options.faults.oversizedIDs = oversized
        }
    }

    /// One night of the job into `output`, through `harness`'s sandbox.
    static func night(
        _ job: Job, on harness: SandboxHarness, output: String, calendar: Calendar, full: Bool = false,
        events: EventLog? = nil
    ) async throws -> ExportReport {
        harness.server.resetRequestLog()
        let options = ExportOptions(
            outputRoot: output, concurrency: 4, filesBaseURL: harness.server.filesBaseURL, now: calendar.noon,
            full: full)
        return try await harness.exporter(options: options, onEvent: { events?.append($0) }).run(job)
    }

    /// Warnings and notices a run sent.
    final class EventLog: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ event: ExportEvent) {
            switch event {
            case .warning(let text): lines.withLock { $0.append("warning: \(text)") }
            case .notice(let text): lines.withLock { $0.append("notice: \(text)") }
            default: break
            }
        }
        var all: [String] { lines.withLock { $0 } }
    }

    /// The records of `ids` in every file of the snapshot's movie tables and details, by file: what carrying keeps.
    static func records(of ids: Set<Int>, in directory: String) throws -> [String: [UInt8]] {
        let tables = CatalogueRowEncoder(
            type: .movie, appending: Set(AppendedResource.supported(by: .movie)), csv: true, ndjson: true
        ).tables
        var names = tables.flatMap { table in
            [OutputFormat.csv, .ndjson].map { (SnapshotLayout.running(table, $0, .snapshot), SnapshotRecordFormat($0)) }
        }
        names.append((SnapshotLayout.details(.movie), .details))
        var records: [String: [UInt8]] = [:]
        for (name, format) in names {
            let reader = try SnapshotRecordReader(
                path: (directory as NSString).appendingPathComponent(name), format: format)
            var bytes: [UInt8] = []
            while try reader.next() {
                if let key = reader.key, ids.contains(key) { bytes += reader.recordBytes }
            }
            records[name] = bytes
        }
        return records
    }

    /// The requests the sandbox answered for one id's details (retries included).
    static func detailsRequests(of id: Int, _ server: SandboxServer) -> Int {
        server.requestLog().filter { $0.path == "/3/movie/\(id)" }.count
    }

    /// The failures a run named in its `failures.ndjson`.
    static func namedFailures(_ report: ExportReport) throws -> [Manifest.Failure] {
        let file = try #require(report.manifest.failuresFile)
        return try FailuresFile.read(file, in: report.runDirectory)
    }

    @Test(
        "ids answering 500 or over the cap every night are carried byte for byte, named, counted and asked for again")
    func poisonIDsAreCarried() async throws {
        let calendar = Calendar(Self.firstDay)
        let clean = try Self.harness(calendar)
        let faulty = try Self.harness(calendar, failing: [Self.failing], oversized: [Self.oversized])
        let poison: Set<Int> = [Self.failing, Self.oversized]
        let output = (clean.output.path as NSString).appendingPathComponent("out")
        try await clean.closing {
            try await faulty.closing {
                let night1 = try await Self.night(Self.job(), on: clean, output: output, calendar: calendar)
                #expect(night1.manifest.status == .complete && night1.publishedAsLatest)
                #expect(night1.manifest.failuresFile == nil && night1.manifest.failureCount == 0)
                let night1Records = try Self.records(of: poison, in: night1.runDirectory)
                #expect(night1Records["movies.csv"]?.isEmpty == false)

                // Night 2, incremental, every id asked for: the two poison ids fail and keep night 1's rows.
                calendar.set(calendar.today.adding(days: 1))
                let events = EventLog()
                let night2 = try await Self.night(
                    Self.job(), on: faulty, output: output, calendar: calendar, events: events)
                let summary2 = try #require(night2.manifest.catalogue?.first)
                #expect(summary2.mode == .incremental)
                #expect(night2.manifest.status == .complete && night2.publishedAsLatest)
                #expect(summary2.idsAsked == Self.ids.count)
                #expect(summary2.idsFailed == 2 && summary2.idsCarried == 2 && summary2.idsLeftOut == 0)
                #expect(try Self.records(of: poison, in: night2.runDirectory) == night1Records)
                // Not vacuous: every other id was fetched again, with tonight's fetched_at.
                let others = Set(Self.ids.prefix(3))
                #expect(
                    try Self.records(of: others, in: night2.runDirectory)
                        != Self.records(of: others, in: night1.runDirectory))
                let named = try Self.namedFailures(night2)
                #expect(Set(named.map(\.endpoint)) == ["movie/\(Self.failing)", "movie/\(Self.oversized)"])
                #expect(named.first { $0.endpoint == "movie/\(Self.failing)" }?.reason.contains("500") == true)
                #expect(
                    named.first { $0.endpoint == "movie/\(Self.oversized)" }?.reason.contains("8388608-byte limit")
                        == true,
                    "\(named)")
                #expect(night2.manifest.failureCount == 2 && night2.manifest.failures.count == 2)
                let warnings = events.all.filter { $0.hasPrefix("warning: movie catalogue: 2 failed ids") }
                #expect(warnings.count == 1, "\(events.all)")
                #expect(warnings.first?.contains("2 carried with their previous rows, 0 left out") == true)
                #expect(warnings.first?.contains("see failures.ndjson") == true)
                let metrics = try PrometheusText(
                    RunMetrics(
                        job: "poison", status: night2.manifest.status, exitCode: 0, started: calendar.noon,
                        finished: calendar.noon, manifest: night2.manifest
                    ).exposition)
                #expect(metrics.value("tmdb_export_failures_total", ["job": "poison"]) == 2)
                #expect(
                    metrics.value("tmdb_export_catalogue_failed_ids", ["type": "movie", "outcome": "carried"]) == 2)
                #expect(
                    metrics.value("tmdb_export_catalogue_failed_ids", ["type": "movie", "outcome": "left_out"]) == 0)

                // Night 3, refresh off: the night asks for the two failed ids again, and for nothing else.
                calendar.set(calendar.today.adding(days: 1))
                let night3 = try await Self.night(
                    Self.job(everyID: false), on: faulty, output: output, calendar: calendar)
                let summary3 = try #require(night3.manifest.catalogue?.first)
                #expect(summary3.incremental?.detailsRequested == 2 && summary3.idsAsked == 2)
                #expect(Self.detailsRequests(of: Self.failing, faulty.server) >= 1)
                #expect(Self.detailsRequests(of: Self.oversized, faulty.server) == 1)
                // 2 of 2 asked failed: over maxFailedPercent, the night is partial and latest stays on night 2.
                #expect(night3.manifest.status == .partial && !night3.publishedAsLatest)
                #expect(summary3.failedWithinLimit == false)

                // Night 4 every id again, then a --full night the same day: both carry, and agree byte for byte.
                calendar.set(calendar.today.adding(days: 1))
                let night4 = try await Self.night(Self.job(), on: faulty, output: output, calendar: calendar)
                #expect(night4.publishedAsLatest && night4.manifest.catalogue?.first?.idsCarried == 2)
                let full = try await Self.night(
                    Self.job(), on: faulty, output: output, calendar: calendar, full: true)
                let fullSummary = try #require(full.manifest.catalogue?.first)
                #expect(fullSummary.mode == .full && full.publishedAsLatest)
                #expect(fullSummary.idsCarried == 2 && fullSummary.idsLeftOut == 0)
                #expect(try Self.records(of: poison, in: full.runDirectory) == night1Records)
                let incrementalFiles = try IncrementalEndToEndTests.snapshotFiles(night4.runDirectory)
                let fullFiles = try IncrementalEndToEndTests.snapshotFiles(full.runDirectory)
                #expect(incrementalFiles.keys.sorted() == fullFiles.keys.sorted())
                for (name, data) in incrementalFiles { #expect(fullFiles[name] == data, "\(name)") }
                #expect(try Self.namedFailures(full).count == 2)
            }
        }
    }

    @Test("a full night whose snapshot has other tables leaves the failed ids out and says why")
    func fullNightWithoutAMatchingSnapshotLeavesThemOut() async throws {
        let calendar = Calendar(Self.firstDay)
        let faulty = try Self.harness(calendar, failing: [Self.failing])
        try await faulty.closing {
            let output = (faulty.output.path as NSString).appendingPathComponent("out")
            var first = Self.job(everyID: false)
            first.catalogue[0].append = [.credits]
            _ = try await Self.night(first, on: faulty, output: output, calendar: calendar)
            let events = EventLog()
            let night = try await Self.night(
                Self.job(everyID: false), on: faulty, output: output, calendar: calendar, events: events)
            let summary = try #require(night.manifest.catalogue?.first)
            #expect(summary.mode == .full && night.publishedAsLatest)
            #expect(summary.idsFailed == 1 && summary.idsCarried == 0 && summary.idsLeftOut == 1)
            #expect(
                events.all.contains {
                    $0.hasPrefix("notice: movie catalogue: the 1 failed ids are left out of tonight's full snapshot")
                        && $0.contains("its tables differ from runs/")
                }, "\(events.all)")
            let records = try Self.records(of: [Self.failing], in: night.runDirectory)
            #expect(records.values.allSatisfy { $0.isEmpty })
        }
    }

    @Test("every details request failing is an outage: the night is partial, not published, latest kept")
    func everyDetailsRequestFailing() async throws {
        let calendar = Calendar(Self.firstDay)
        let clean = try Self.harness(calendar)
        let down = try Self.harness(calendar, failing: Set(Self.ids))
        let output = (clean.output.path as NSString).appendingPathComponent("out")
        try await clean.closing {
            try await down.closing {
                let night1 = try await Self.night(Self.job(), on: clean, output: output, calendar: calendar)
                calendar.set(calendar.today.adding(days: 1))
                let night2 = try await Self.night(Self.job(), on: down, output: output, calendar: calendar)
                let summary = try #require(night2.manifest.catalogue?.first)
                #expect(summary.idsFailed == Self.ids.count)
                #expect(night2.manifest.status == .partial && !night2.publishedAsLatest)
                let latest = try FileManager.default.destinationOfSymbolicLink(
                    atPath: (output as NSString).appendingPathComponent("poison/latest"))
                #expect((latest as NSString).lastPathComponent == night1.manifest.runID)
                #expect(try Self.namedFailures(night2).count == Self.ids.count)
                // The manifest stays small: it lists the first failures and counts them all.
                #expect(night2.manifest.failures.count == min(Self.ids.count, Manifest.listedFailures))
                #expect(night2.manifest.failuresTotal == Self.ids.count)
            }
        }
    }

    @Test("maxFailedPercent 0 makes a night with one failed id partial")
    func zeroThreshold() async throws {
        let calendar = Calendar(Self.firstDay)
        let clean = try Self.harness(calendar)
        let faulty = try Self.harness(calendar, failing: [Self.failing])
        let output = (clean.output.path as NSString).appendingPathComponent("out")
        try await clean.closing {
            try await faulty.closing {
                _ = try await Self.night(Self.job(), on: clean, output: output, calendar: calendar)
                calendar.set(calendar.today.adding(days: 1))
                let strict = try await Self.night(
                    Self.job(maxFailedPercent: 0), on: faulty, output: output, calendar: calendar)
                #expect(strict.manifest.catalogue?.first?.idsFailed == 1)
                #expect(strict.manifest.status == .partial && !strict.publishedAsLatest)
                let tolerant = try await Self.night(Self.job(), on: faulty, output: output, calendar: calendar)
                #expect(tolerant.manifest.status == .complete && tolerant.publishedAsLatest)
            }
        }
    }

    @Test("a manifest of an earlier version, with its failures listed inside, is built on and its failed ids asked for")
    func earlierManifestWithAFailuresArray() async throws {
        let calendar = Calendar(Self.firstDay)
        let clean = try Self.harness(calendar)
        try await clean.closing {
            let output = (clean.output.path as NSString).appendingPathComponent("out")
            let night1 = try await Self.night(Self.job(everyID: false), on: clean, output: output, calendar: calendar)
            // As an earlier version wrote it: every failure in `failures`, no count, no failures.ndjson.
            let path = (night1.runDirectory as NSString).appendingPathComponent("manifest.json")
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            object["failures"] = [["endpoint": "movie/\(Self.oversized)", "reason": "HTTP 500"]]
            object["failureCount"] = nil
            object["failuresFile"] = nil
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))

            calendar.set(calendar.today.adding(days: 1))
            let night2 = try await Self.night(Self.job(everyID: false), on: clean, output: output, calendar: calendar)
            let summary = try #require(night2.manifest.catalogue?.first)
            #expect(summary.mode == .incremental, "\(summary.fullRunReason ?? "")")
            #expect(summary.incremental?.detailsRequested == 1)
            #expect(Self.detailsRequests(of: Self.oversized, clean.server) == 1)
            #expect(night2.manifest.status == .complete && night2.manifest.failuresTotal == 0)
        }
    }
}
