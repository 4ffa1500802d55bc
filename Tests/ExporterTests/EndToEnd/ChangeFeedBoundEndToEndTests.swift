import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import Testing

@testable import Exporter

@Suite(
    "A change feed without an end: each day read to at most 500 pages and named as cut, the night published",
    .timeLimit(.minutes(15)))
struct ChangeFeedBoundEndToEndTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let job = Job(
        name: "nightly", requests: [],
        catalogue: [Job.CatalogueRequest(type: .movie, append: [.credits, .keywords], limit: 20)])

    /// Every page claims 10⁹ pages (and any page is answered); or every page asked for is answered as page 1 of 2.
    static let faults: [ChangeFeedFault] = [.claimsPages(1_000_000_000), .ignoresPage]

    /// What the warning says of `day`'s feed under `fault`, before what the cut means.
    static func cut(_ fault: ChangeFeedFault, _ day: String) -> String {
        switch fault {
        case .ignoresPage:
            "the movie change feed of \(day) answered page 1 when page 2 was asked for: read no further"
        default:
            "the movie change feed of \(day) claims 1000000000 pages (page 1 of it), more than TMDB serves: read to "
                + "page 500"
        }
    }

    /// Feed requests a day costs under `fault`: TMDB's 500 pages, or page 1 and the page 2 answered as page 1.
    static func requestsPerDay(_ fault: ChangeFeedFault) -> Int { fault == .ignoresPage ? 2 : TMDB.maximumPage }

    /// A small evolving universe on the calendar's day, its feeds lying as `fault` says.
    static func harness(_ calendar: Calendar, fault: ChangeFeedFault? = nil) throws -> SandboxHarness {
        try ChangeFeedDaysEndToEndTests.harness(calendar) { $0.faults.changeFeedFault = fault }
    }

    static func options(_ root: String, _ calendar: Calendar, files: SandboxHarness) -> ExportOptions {
        ExportOptions(outputRoot: root, concurrency: 6, filesBaseURL: files.server.filesBaseURL, now: calendar.noon)
    }

    static func feedRequests(_ harness: SandboxHarness) -> Int {
        harness.server.requestLog().filter { $0.path == "/3/movie/changes" }.count
    }

    @Test(
        "an incremental night whose feed lies about its pages publishes, warning of each day cut and recording it",
        arguments: faults)
    func incrementalNightPublishes(fault: ChangeFeedFault) async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let honest = try Self.harness(calendar)
        let lying = try Self.harness(calendar, fault: fault)
        try await honest.closing {
            try await lying.closing {
                let root = (honest.output.path as NSString).appendingPathComponent("bound")
                let night1 = try await honest.exporter(options: Self.options(root, calendar, files: honest))
                    .run(Self.job)

                calendar.set(calendar.today.adding(days: 1))
                let warnings = WarningLog()
                let night2 = try await lying.exporter(
                    options: Self.options(root, calendar, files: lying), onEvent: warnings.onEvent
                ).run(Self.job)
                #expect(night2.manifest.status == .complete)
                let summary = try #require(night2.manifest.catalogue?.first)
                #expect(summary.mode == .incremental && summary.incremental?.basedOnRun == night1.manifest.runID)
                // The snapshot's day and today, each its own window, each cut where its answers lie.
                let meaning = "the ids on its pages not read wait for the rolling refresh (refresh.maxAgeDays)"
                #expect(
                    warnings.all == [
                        "\(Self.cut(fault, "2026-03-10")); \(meaning)", "\(Self.cut(fault, "2026-03-11")); \(meaning)",
                    ])
                #expect(summary.changeFeedDaysCut == ["2026-03-10", "2026-03-11"])
                #expect(Self.feedRequests(lying) == 2 * Self.requestsPerDay(fault))
                #expect(Set(ChangeFeedDaysEndToEndTests.feedWindows(lying.server)) == ["2026-03-10", "2026-03-11"])
                let latest = (root as NSString).appendingPathComponent("nightly/latest")
                #expect(FileSystem.symlinkTarget(latest) == "runs/\(night2.manifest.runID)")
            }
        }
    }

    @Test(
        "a first full run reads today's lying feed to its bound, warns that it cut the day, and publishes",
        arguments: faults)
    func fullRunGoesOn(fault: ChangeFeedFault) async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let lying = try Self.harness(calendar, fault: fault)
        try await lying.closing {
            let options = Self.options(lying.output.path, calendar, files: lying)
            let warnings = WarningLog()
            let report = try await lying.exporter(options: options, onEvent: warnings.onEvent).run(Self.job)
            #expect(report.manifest.status == .complete)
            let summary = try #require(report.manifest.catalogue?.first)
            #expect(summary.mode == .full)
            #expect(Self.feedRequests(lying) == Self.requestsPerDay(fault))
            #expect(
                warnings.all == [
                    "\(Self.cut(fault, "2026-03-10")); a full run fetches every id anyway; the next night reads the "
                        + "day again"
                ])
            #expect(summary.changesThrough == "2026-03-10" && summary.changeFeedDaysCut == ["2026-03-10"])
            #expect(FileSystem.symlinkTarget(lying.output.path + "/nightly/latest") == "runs/\(report.manifest.runID)")
        }
    }
}
