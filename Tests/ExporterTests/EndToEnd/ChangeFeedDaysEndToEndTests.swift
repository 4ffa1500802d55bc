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
    "Change feeds read day by day: a gap of any length, a feed that grows, a day over the cap on nights in a row",
    .timeLimit(.minutes(20)))
struct ChangeFeedDaysEndToEndTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let job = Job(
        name: "nightly", requests: [],
        catalogue: [Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie))])

    static let universe = SandboxCatalogueUniverse(
        movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)

    /// The small evolving universe of ``IncrementalEndToEndTests``, its feeds as `configure` says.
    static func harness(_ calendar: Calendar, configure: @escaping (inout SandboxOptions) -> Void) throws
        -> SandboxHarness
    {
        try SandboxHarness { options in
            options.catalogueSize = 320
            options.seriesCatalogueSize = 110
            options.catalogueIncludesLists = false
            options.simulatesDays = true
            options.now = { calendar.noon }
            configure(&options)
        }
    }

    static func options(_ harness: SandboxHarness, _ folder: String, _ calendar: Calendar) -> ExportOptions {
        ExportOptions(
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), concurrency: 6,
            filesBaseURL: harness.server.filesBaseURL, now: calendar.noon)
    }

    /// The windows of the change-feed requests the sandbox answered: `YYYY-MM-DD` for a one-day window, else
    /// `start…end`.
    static func feedWindows(_ server: SandboxServer) -> [String] {
        server.requestLog().filter { $0.path.hasSuffix("/changes") }.map { record in
            let query = URLComponents(string: record.target)?.queryItems ?? []
            let start = query.first { $0.name == "start_date" }?.value ?? "?"
            let end = query.first { $0.name == "end_date" }?.value ?? "?"
            return start == end ? start : "\(start)…\(end)"
        }
    }

    /// The movie ids whose details the sandbox was asked for.
    static func moviesFetched(_ server: SandboxServer) -> Set<Int> {
        Set(
            server.requestLog().compactMap { record in
                let parts = record.path.split(separator: "/")
                return parts.count == 3 && parts[1] == "movie" ? Int(parts[2]) : nil
            })
    }

    /// Checks tonight's snapshot against a full run of the same night.
    static func expectGuarantee(
        _ night: ExportReport, _ harness: SandboxHarness, _ calendar: Calendar, job: Job
    ) async throws {
        let full = try await harness.exporter(options: Self.options(harness, "full", calendar)).run(job)
        #expect(full.manifest.catalogue?.first?.mode == .full)
        let guarantee = try SnapshotGuarantee(
            incremental: night.runDirectory, full: full.runDirectory, tonight: calendar.noon,
            maxAgeDays: max(1, job.catalogue[0].refresh.maxAgeDays))
        #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
    }

    @Test("after a 3-day gap whose multi-day windows claim 501 pages, a night reads each day and equals a full run")
    func gapOfThreeDays() async throws {
        let first = IncrementalEndToEndTests.eventfulStretch(Self.universe)
        let calendar = Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Self.harness(calendar) { $0.faults.changeFeedFault = .windowsClaimPages(501) }
        try await harness.closing {
            let night1 = try await harness.exporter(options: Self.options(harness, "gap", calendar)).run(Self.job)
            let snapshotDay = calendar.today
            calendar.set(calendar.today.adding(days: 4))
            harness.server.resetRequestLog()
            let warnings = WarningLog()
            let night = try await harness.exporter(
                options: Self.options(harness, "gap", calendar), onEvent: warnings.onEvent
            ).run(Self.job)

            #expect(night.manifest.status == .complete)
            let summary = try #require(night.manifest.catalogue?.first)
            let incremental = try #require(summary.incremental)
            #expect(incremental.basedOnRun == night1.manifest.runID)
            #expect(incremental.changesFrom == snapshotDay.description)
            #expect(summary.changeFeedDaysCut == nil && warnings.all.isEmpty)
            // Five one-day windows: the snapshot's day, the three days missed, today.
            let days = (0...4).map { snapshotDay.adding(days: $0).description }
            #expect(Set(Self.feedWindows(harness.server)) == Set(days))
            #expect(incremental.idsInChangeFeed > 0 && incremental.idsChanged > 0)
            try await Self.expectGuarantee(night, harness, calendar, job: Self.job)
        }
    }

    @Test("a day whose page 1 understates its pages by two is read to its last page: every changed id fetched")
    func understatedFirstPage() async throws {
        // Two entries a page, so a small universe's day spans several pages; a day of at least 4 pages, so that page 1
        // still claims 2 and page 2 can tell the truth.
        var day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 6)
        while Self.universe.changedIds(.movie, on: day).count < 7 { day = day.adding(days: 1) }
        let calendar = Calendar(TMDBAPI.ExportDay(day.adding(days: -1).isoDate)!)
        let harness = try Self.harness(calendar) { options in
            options.changeFeedPageSize = 2
            options.faults.changeFeedFault = .firstPageUnderstates(by: 2)
        }
        // No refresh: only the feed can make tonight fetch a kept id.
        var job = Self.job
        job.catalogue[0].refresh = Job.RefreshSettings(maxAgeDays: 0, top: 0)
        try await harness.closing {
            _ = try await harness.exporter(options: Self.options(harness, "grown", calendar)).run(job)
            calendar.set(calendar.today.adding(days: 1))
            harness.server.resetRequestLog()
            let night = try await harness.exporter(options: Self.options(harness, "grown", calendar)).run(job)

            #expect(night.manifest.status == .complete)
            let summary = try #require(night.manifest.catalogue?.first)
            #expect(summary.mode == .incremental && summary.changeFeedDaysCut == nil)
            let kept = Set(Self.universe.ids(.movie, on: day, adult: false))
            let changed = Set(Self.universe.changedIds(.movie, on: day)).intersection(kept)
            #expect(changed.count >= 5)
            #expect(changed.isSubset(of: Self.moviesFetched(harness.server)), "\(changed)")
            // Every page of the day was asked for, past what its page 1 claimed.
            let pages = (Self.universe.changedIds(.movie, on: day).count + 1) / 2
            #expect(Self.feedWindows(harness.server).filter { $0 == day.isoDate }.count == pages)
            try await Self.expectGuarantee(night, harness, calendar, job: job)
        }
    }

    @Test("a day claiming 501 pages on two nights in a row: both nights publish, each warning of that day")
    func dayOverTheCapTwice() async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let busy = "2026-03-11"
        let harness = try Self.harness(calendar) { $0.faults.changeFeedFault = .dayClaimsPages(busy, 501) }
        let job = Job(
            name: "nightly", requests: [],
            catalogue: [Job.CatalogueRequest(type: .movie, append: [.credits], limit: 20)])
        try await harness.closing {
            var previous = try await harness.exporter(options: Self.options(harness, "busy", calendar)).run(job)
            let warning =
                "the movie change feed of \(busy) claims 501 pages (page 1 of it), more than TMDB serves: read to page "
                + "500; the ids on its pages not read wait for the rolling refresh (refresh.maxAgeDays)"
            for _ in 1...2 {
                calendar.set(calendar.today.adding(days: 1))
                harness.server.resetRequestLog()
                let warnings = WarningLog()
                let night = try await harness.exporter(
                    options: Self.options(harness, "busy", calendar), onEvent: warnings.onEvent
                ).run(job)
                #expect(night.manifest.status == .complete)
                let summary = try #require(night.manifest.catalogue?.first)
                #expect(summary.incremental?.basedOnRun == previous.manifest.runID)
                #expect(summary.changeFeedDaysCut == [busy])
                #expect(warnings.all == [warning])
                // The busy day read to TMDB's cap, the other day whole.
                let windows = Self.feedWindows(harness.server)
                #expect(windows.filter { $0 == busy }.count == TMDB.maximumPage)
                #expect(Set(windows).count == 2)
                let latest = (harness.output.path as NSString).appendingPathComponent("busy/nightly/latest")
                #expect(FileSystem.symlinkTarget(latest) == "runs/\(night.manifest.runID)")
                previous = night
            }
        }
    }
}
