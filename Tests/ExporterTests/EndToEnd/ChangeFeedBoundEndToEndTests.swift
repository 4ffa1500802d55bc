import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import Testing

@testable import Exporter

@Suite(
    "A change feed without an end: a night stops, a full run goes on, neither runs for ever", .timeLimit(.minutes(10)))
struct ChangeFeedBoundEndToEndTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let job = Job(
        name: "nightly", requests: [],
        catalogue: [Job.CatalogueRequest(type: .movie, append: [.credits, .keywords], limit: 20)])

    /// Every page claims 10⁹ pages (and any page is answered); or every page asked for is answered as page 1 of 2.
    static let faults: [ChangeFeedFault] = [.claimsPages(1_000_000_000), .ignoresPage]

    /// The end of the error's message for `fault`.
    static func claim(_ fault: ChangeFeedFault) -> String {
        switch fault {
        case .claimsPages: "claims 1000000000 pages (page 1 of it); a window holds at most 500 (TMDB's page cap)"
        case .ignoresPage: "answered page 1 when page 2 was asked for"
        }
    }

    /// A small evolving universe on the calendar's day, its feeds lying as `fault` says.
    static func harness(_ calendar: Calendar, fault: ChangeFeedFault? = nil) throws -> SandboxHarness {
        try SandboxHarness { options in
            options.catalogueSize = 320
            options.seriesCatalogueSize = 110
            options.catalogueIncludesLists = false
            options.simulatesDays = true
            options.now = { calendar.noon }
            options.changeFeedFault = fault
        }
    }

    static func options(_ root: String, _ calendar: Calendar, files: SandboxHarness) -> ExportOptions {
        ExportOptions(outputRoot: root, concurrency: 6, filesBaseURL: files.server.filesBaseURL, now: calendar.noon)
    }

    static func feedRequests(_ harness: SandboxHarness) -> Int {
        harness.server.requestLog().filter { $0.path == "/3/movie/changes" }.count
    }

    @Test(
        "an incremental night whose feed lies about its pages stops naming it; latest, last run and lock untouched",
        arguments: faults)
    func incrementalNightStops(fault: ChangeFeedFault) async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let honest = try Self.harness(calendar)
        let lying = try Self.harness(calendar, fault: fault)
        try await honest.closing {
            try await lying.closing {
                let root = (honest.output.path as NSString).appendingPathComponent("bound")
                var options = Self.options(root, calendar, files: honest)
                let night1 = try await honest.exporter(options: options).run(Self.job)
                let latest = (root as NSString).appendingPathComponent("nightly/latest")
                let runs = (root as NSString).appendingPathComponent("nightly/runs")
                let manifest = try Data(contentsOf: URL(fileURLWithPath: latest + "/manifest.json"))
                let table = try Data(contentsOf: URL(fileURLWithPath: latest + "/movies.csv"))

                calendar.set(calendar.today.adding(days: 1))
                options = Self.options(root, calendar, files: lying)
                let stopped = lying.exporter(options: options)
                let error = await #expect(throws: ExportError.self) { try await stopped.run(Self.job) }
                guard case .changeFeedOverrun(let overrun)? = error else {
                    Issue.record("expected a change feed overrun, got \(String(describing: error))")
                    return
                }
                #expect(overrun.type == .movie && "\(overrun.start)…\(overrun.end)" == "2026-03-11…2026-03-11")
                #expect(
                    error?.description
                        == "the movie change feed 2026-03-11…2026-03-11 \(Self.claim(fault)): stopped, latest kept")
                // Ended at once: today's window is read first, and its first lying answer stops the night (page 1 of a
                // feed claiming 10⁹ pages, page 2 of one that ignores `page`), before any details request.
                #expect(Self.feedRequests(lying) == (fault == .ignoresPage ? 2 : 1))
                #expect(
                    !lying.server.requestLog().contains {
                        $0.path.hasPrefix("/3/movie/") && $0.path != "/3/movie/changes"
                    })

                #expect(FileSystem.symlinkTarget(latest) == "runs/\(night1.manifest.runID)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: latest + "/manifest.json")) == manifest)
                #expect(try Data(contentsOf: URL(fileURLWithPath: latest + "/movies.csv")) == table)
                #expect(try FileManager.default.contentsOfDirectory(atPath: runs) == [night1.manifest.runID])

                // The lock was released: the next run takes it and builds on the same snapshot.
                options.filesBaseURL = honest.server.filesBaseURL
                let night2 = try await honest.exporter(options: options).run(Self.job)
                #expect(night2.manifest.status == .complete)
                let summary = try #require(night2.manifest.catalogue?.first)
                #expect(summary.mode == .incremental)
                #expect(summary.incremental?.basedOnRun == night1.manifest.runID)
            }
        }
    }

    @Test(
        "a first full run stops reading today's lying feed at once, warns that it did, and publishes",
        arguments: faults)
    func fullRunGoesOn(fault: ChangeFeedFault) async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let lying = try Self.harness(calendar, fault: fault)
        try await lying.closing {
            let options = Self.options(lying.output.path, calendar, files: lying)
            let warnings = Mutex<[String]>([])
            let report = try await lying.exporter(
                options: options,
                onEvent: { event in
                    if case .warning(let text) = event { warnings.withLock { $0.append(text) } }
                }
            ).run(Self.job)
            #expect(report.manifest.status == .complete)
            let summary = try #require(report.manifest.catalogue?.first)
            #expect(summary.mode == .full)
            #expect(Self.feedRequests(lying) == (fault == .ignoresPage ? 2 : 1))
            #expect(
                warnings.withLock { $0 } == [
                    "today's movie change feed was not read to its end: the movie change feed 2026-03-10…2026-03-10 "
                        + "\(Self.claim(fault)); the next incremental run will read it again"
                ])
            #expect(summary.changesThrough == "2026-03-10")
            #expect(FileSystem.symlinkTarget(lying.output.path + "/nightly/latest") == "runs/\(report.manifest.runID)")
        }
    }
}
