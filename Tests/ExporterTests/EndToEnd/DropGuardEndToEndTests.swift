import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import Testing

@testable import Exporter
@testable import TMDBSandbox

@Suite(
    "The drop guard over the sandbox: an empty or truncated export never replaces the last good snapshot",
    .timeLimit(.minutes(15)))
struct DropGuardEndToEndTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let job = Job(
        name: "guarded", requests: [], catalogue: [Job.CatalogueRequest(type: .movie, append: [.keywords])])
    static let movies = 320
    /// The first night of most tests, and the second: its file is `movie_ids_03_06_2026.json.gz`.
    static let firstDay = TMDBAPI.ExportDay("2026-03-05")!
    static let secondDay = firstDay.adding(days: 1)
    static let secondFile = "movie_ids_03_06_2026.json.gz"

    /// A small evolving universe of generated ids whose export files of `lineShare`'s days keep only that share of
    /// their lines.
    static func harness(_ calendar: Calendar, lineShare: [TMDBAPI.ExportDay: Double] = [:]) throws -> SandboxHarness {
        try SandboxHarness { options in
            options.catalogueSize = movies
            options.seriesCatalogueSize = 20
            options.catalogueIncludesLists = false
            options.simulatesDays = true
            options.now = { calendar.noon }
            options.faults.exportLineShare = Dictionary(uniqueKeysWithValues: lineShare.map { ("\($0.key)", $0.value) })
        }
    }

    static func options(
        _ harness: SandboxHarness, _ calendar: Calendar, keep: Int? = 1, full: Bool = false, acceptDrop: Bool = false,
        resume: Bool = false
    ) -> ExportOptions {
        ExportOptions(
            outputRoot: harness.output.path, concurrency: 6, resume: resume, keep: keep,
            filesBaseURL: harness.server.filesBaseURL, now: calendar.noon, full: full, acceptDrop: acceptDrop)
    }

    /// What the run refused, or nil when it did not stop on the drop guard.
    static func refusal(_ run: () async throws(ExportError) -> ExportReport) async -> ExportDrop? {
        do throws(ExportError) {
            let report = try await run()
            Issue.record("expected the drop guard to stop the run; it ended \(report.manifest.status)")
            return nil
        } catch {
            guard case .unexpectedDrop(let drop) = error else {
                Issue.record("expected the drop guard to stop the run, got: \(error)")
                return nil
            }
            return drop
        }
    }

    /// Every file under a run's folder, by its path there, with its bytes.
    static func files(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(path)) {
                files[path] = data
            }
        }
        return files
    }

    static func folder(_ harness: SandboxHarness, _ name: String) -> [String] {
        let path = (harness.output.path as NSString).appendingPathComponent("guarded/\(name)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func latest(_ harness: SandboxHarness) -> String? {
        FileSystem.symlinkTarget((harness.output.path as NSString).appendingPathComponent("guarded/latest"))
    }

    /// The API requests the sandbox answered since its log was last reset (export files are not API requests).
    static func apiRequests(_ harness: SandboxHarness) -> [String] {
        harness.server.requestLog().map(\.path).filter { $0.hasPrefix("/3/") }
    }

    @Test(
        "an empty export on an incremental night with --keep 1 stops before any request; night 1 stays latest, intact")
    func emptyExportKeepsTheLastGoodSnapshot() async throws {
        let calendar = Calendar(Self.firstDay)
        let harness = try Self.harness(calendar, lineShare: [Self.secondDay: 0])
        try await harness.closing {
            let night1 = try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            #expect(night1.manifest.status == .complete)
            #expect(night1.manifest.catalogue?.first?.idsInExport ?? 0 > 200)
            let before = Self.files(night1.runDirectory)
            #expect(before["movies.csv"] != nil && before["manifest.json"] != nil)

            calendar.set(Self.secondDay)
            harness.server.resetRequestLog()
            let drop = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            }
            #expect(drop?.kind == .noLines)
            #expect(drop?.files == [Self.secondFile])
            #expect(
                drop?.description
                    == "movie catalogue: tonight's export \(Self.secondFile) has no lines (an empty export is never a "
                    + "real TMDB night); nothing published, latest kept (pass --accept-drop if the drop is expected)")
            #expect(Self.apiRequests(harness).isEmpty, "\(Self.apiRequests(harness).prefix(5))")
            // latest, its folder and every file in it as they were; night 2 left no run, published or staged.
            #expect(Self.latest(harness) == "runs/\(night1.manifest.runID)")
            #expect(Self.files(night1.runDirectory) == before)
            #expect(Self.folder(harness, "runs") == [night1.manifest.runID])
            #expect(Self.folder(harness, "staging").isEmpty)
        }
    }

    @Test("a truncated export (10 % of its lines) stops naming the ids it would drop; --accept-drop takes it")
    func truncatedExportNeedsAcceptDrop() async throws {
        let calendar = Calendar(Self.firstDay)
        let harness = try Self.harness(calendar, lineShare: [Self.secondDay: 0.1])
        try await harness.closing {
            let night1 = try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            let planned = try #require(night1.manifest.catalogue?.first?.idsPlanned)
            let before = Self.files(night1.runDirectory)

            calendar.set(Self.secondDay)
            harness.server.resetRequestLog()
            let drop = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            }
            guard case .dropsIDs(let dropped, let of, let limit)? = drop?.kind else {
                Issue.record("expected a drop of ids, got \(String(describing: drop))")
                return
            }
            #expect(of == planned && limit == 5)
            #expect(dropped * 100 > of * 80, "\(dropped) of \(of)")
            #expect(
                drop?.description.hasPrefix(
                    "movie catalogue: tonight's export \(Self.secondFile) would drop \(dropped) of \(of) ids (") == true
            )
            #expect(
                drop?.description.hasSuffix(
                    "%) of runs/\(night1.manifest.runID), more than maxDropPercent 5; nothing published, latest kept "
                        + "(pass --accept-drop if the drop is expected)") == true)
            #expect(Self.apiRequests(harness).isEmpty, "the guard comes before the change feed and the details")
            #expect(Self.latest(harness) == "runs/\(night1.manifest.runID)")
            #expect(Self.files(night1.runDirectory) == before)
            #expect(Self.folder(harness, "staging").isEmpty)

            // Even with --resume (as cron runs it), the refused file was not kept: the night downloads it again.
            harness.server.resetRequestLog()
            let accepted = try await harness.exporter(
                options: Self.options(harness, calendar, acceptDrop: true, resume: true)
            ).run(Self.job)
            #expect(accepted.manifest.status == .complete)
            #expect(!accepted.manifest.resumed)
            #expect(harness.server.requestLog().contains { $0.path == "/p/exports/\(Self.secondFile)" })
            let summary = try #require(accepted.manifest.catalogue?.first)
            #expect(summary.mode == .incremental)
            #expect(summary.incremental?.idsGoneFromExport == dropped)
            #expect(Self.latest(harness) == "runs/\(accepted.manifest.runID)")
        }
    }

    @Test("with lists, a refused night keeps the lists' pages for --resume but not the refused export file")
    func listsKeptExportNot() async throws {
        let calendar = Calendar(Self.firstDay)
        let harness = try Self.harness(calendar, lineShare: [Self.firstDay: 0])
        try await harness.closing {
            var job = Self.job
            job.requests = [.init(list: .topRated, pages: .range(1...2))]
            let drop = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar, keep: nil)).run(job)
            }
            #expect(drop?.kind == .noLines)
            #expect(harness.server.requestLog().contains { $0.path.hasPrefix("/3/movie/top_rated") })
            let staged = Self.folder(harness, "staging")
            #expect(staged.count == 1)
            let ids = harness.output.path + "/guarded/staging/\(staged.first ?? "-")/ids"
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: ids)) ?? []).isEmpty)

            harness.server.resetRequestLog()
            let resumed = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar, keep: nil, resume: true)).run(job)
            }
            #expect(drop?.kind == resumed?.kind)
            let paths = harness.server.requestLog().map(\.path)
            #expect(paths.contains("/p/exports/movie_ids_03_05_2026.json.gz"), "the export is downloaded again")
            #expect(!paths.contains { $0.hasPrefix("/3/movie/top_rated") }, "the lists' pages are not: \(paths)")
            #expect(Self.latest(harness) == nil)
        }
    }

    @Test("a first night with an empty export publishes nothing, with --keep 1 and with --full alike")
    func firstNightEmptyExport() async throws {
        let calendar = Calendar(Self.firstDay)
        let harness = try Self.harness(calendar, lineShare: [Self.firstDay: 0])
        try await harness.closing {
            for full in [false, true] {
                let drop = await Self.refusal { () throws(ExportError) in
                    try await harness.exporter(options: Self.options(harness, calendar, full: full)).run(Self.job)
                }
                #expect(drop?.kind == .noLines)
                #expect(
                    drop?.description
                        == "movie catalogue: tonight's export movie_ids_03_05_2026.json.gz has no lines (an empty "
                        + "export is never a real TMDB night); nothing published (pass --accept-drop if the drop is "
                        + "expected)")
                #expect(Self.latest(harness) == nil)
                #expect(Self.folder(harness, "runs").isEmpty)
            }
            #expect(Self.apiRequests(harness).isEmpty)
        }
    }

    /// Two nights in a row of the universe whose export drops some of the first night's ids, at most 5 % of them.
    static func smallDrop(_ universe: SandboxCatalogueUniverse) -> (TMDBSandbox.ExportDay, dropped: Int) {
        var day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 5)
        while true {
            let before = Set(universe.ids(.movie, on: day, adult: false))
            let dropped = before.subtracting(universe.ids(.movie, on: day.adding(days: 1), adult: false)).count
            if dropped > 0 && dropped * 100 <= before.count * 5 { return (day, dropped) }
            day = day.adding(days: 1)
        }
    }

    @Test("a small drop under maxDropPercent is an ordinary night; with maxDropPercent 0 the same night stops")
    func smallDropPasses() async throws {
        let universe = SandboxCatalogueUniverse(
            movieCount: Self.movies, seriesCount: 20, evolves: true, includesLists: false)
        let (first, dropped) = Self.smallDrop(universe)
        let calendar = Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Self.harness(calendar)
        try await harness.closing {
            let night1 = try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            calendar.set(calendar.today.adding(days: 1))
            var strict = Self.job
            strict.catalogue[0].maxDropPercent = 0
            let drop = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar)).run(strict)
            }
            #expect(
                drop?.kind
                    == .dropsIDs(dropped: dropped, of: night1.manifest.catalogue?[0].idsPlanned ?? 0, maxDropPercent: 0)
            )
            #expect(Self.latest(harness) == "runs/\(night1.manifest.runID)")

            let night2 = try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            #expect(night2.manifest.status == .complete)
            let summary = try #require(night2.manifest.catalogue?.first)
            #expect(summary.mode == .incremental)
            #expect(summary.incremental?.idsGoneFromExport == dropped)
            #expect(Self.latest(harness) == "runs/\(night2.manifest.runID)")
        }
    }

    @Test("--full skips the share checks; a night that falls back to a full run still compares its export's lines")
    func fullRunsAndLines() async throws {
        let calendar = Calendar(Self.firstDay)
        let harness = try Self.harness(calendar, lineShare: [Self.secondDay: 0.5])
        try await harness.closing {
            let night1 = try await harness.exporter(options: Self.options(harness, calendar)).run(Self.job)
            let lines = try #require(night1.manifest.catalogue?.first?.idsInExport)
            calendar.set(Self.secondDay)

            var changed = Self.job
            changed.catalogue[0].append = [.keywords, .credits]
            let drop = await Self.refusal { () throws(ExportError) in
                try await harness.exporter(options: Self.options(harness, calendar)).run(changed)
            }
            guard case .fewerLines(let tonight, let previous, 5)? = drop?.kind else {
                Issue.record("expected fewer lines, got \(String(describing: drop))")
                return
            }
            #expect(previous == lines && tonight * 100 < lines * 60, "\(tonight) of \(lines)")
            #expect(
                drop?.description.hasPrefix(
                    "movie catalogue: tonight's export \(Self.secondFile) has \(tonight) lines, ") == true)
            #expect(Self.latest(harness) == "runs/\(night1.manifest.runID)")

            let full = try await harness.exporter(options: Self.options(harness, calendar, full: true)).run(changed)
            #expect(full.manifest.status == .complete)
            #expect(full.manifest.catalogue?.first?.mode == .full)
            #expect(full.manifest.catalogue?.first?.idsInExport == tonight)
            #expect(Self.latest(harness) == "runs/\(full.manifest.runID)")
        }
    }
}
