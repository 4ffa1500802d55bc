import Foundation
import TMDBAPI
import Testing

@testable import Exporter
@testable import RunStore

@Suite("Tonight's base: a night builds only on a snapshot of the version this build writes")
struct CatalogueBaseTests {
    static let today = ExportDay("2026-03-06")!

    static func snapshot(version: Int?, freshness: Bool = true, stateFiles: Bool = true) throws -> PreviousSnapshot {
        var manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(
                #"{"job":"nightly","runId":"20260305T120000Z","resumed":false,"status":"complete","startedAt":"a","finishedAt":"b","elapsedSeconds":1,"toolVersion":"t","apiBaseUrl":"u","language":"en-US","concurrency":1,"requests":[],"failures":[],"apiRequests":0,"apiRetries":0,"throttled":0,"posterRequests":0,"posterRetries":0,"unsafePosterPaths":[]}"#
                    .utf8))
        var summary = Manifest.CatalogueSummary(
            type: .movie, append: [], adult: false, exportDateRequested: "latest", exportDate: "2026-03-05",
            exportFiles: [], idsInExport: 3, idsDroppedAsAdult: 0, idsBelowMinPopularity: 0, idsCutByLimit: 0,
            duplicateIDsInExport: 0, idsPlanned: 3, idsFetched: 3, idsRemoved: 0, idsFailed: 0,
            files: [Manifest.DataFile(path: "movies.csv", format: "csv", rows: 3, bytes: 10, sha256: "ab")],
            changesThrough: "2026-03-05")
        summary.stateFiles = stateFiles ? [] : nil
        summary.freshness =
            freshness ? Manifest.FreshnessSummary(maxAgeDays: 30, top: 100, popularityFromExportOf: "2026-03-05") : nil
        manifest.catalogue = [summary]
        manifest.snapshotVersion = version
        return PreviousSnapshot(runID: manifest.runID, directory: "/nowhere", manifest: manifest)
    }

    static func choose(_ snapshot: PreviousSnapshot) throws -> CatalogueBase {
        let job = try JobLoader().parse(
            #"{"name": "nightly", "catalogue": [{"type": "movie"}], "formats": ["csv"]}"#, file: "nightly.json")
        return CatalogueBase.choose(
            for: job.catalogue[0], in: job, previous: .success(snapshot), today: Self.today, forced: false)
    }

    static func reason(_ base: CatalogueBase) -> String? {
        if case .full(let reason) = base { reason.description } else { nil }
    }

    @Test("builds on a snapshot of this version")
    func buildsOnThisVersion() throws {
        #expect(Self.reason(try Self.choose(try Self.snapshot(version: SnapshotLayout.version))) == nil)
    }

    @Test("fetches everything on top of an older or a newer snapshot, saying which")
    func otherVersions() throws {
        #expect(
            Self.reason(try Self.choose(try Self.snapshot(version: nil)))
                == "runs/20260305T120000Z was written by a version that did not record its export files' SHA-256s")
        #expect(
            Self.reason(try Self.choose(try Self.snapshot(version: 2)))
                == "runs/20260305T120000Z was written by a version that did not record its export files' SHA-256s")
        #expect(
            Self.reason(try Self.choose(try Self.snapshot(version: nil, freshness: false)))
                == "runs/20260305T120000Z was written by a version without the fetched_at and votes_at columns")
        #expect(
            Self.reason(try Self.choose(try Self.snapshot(version: nil, freshness: false, stateFiles: false)))
                == "runs/20260305T120000Z was written by a version without incremental runs")
        #expect(
            Self.reason(try Self.choose(try Self.snapshot(version: SnapshotLayout.version + 1)))
                == "runs/20260305T120000Z was written by a newer version (snapshot version 4; this one reads 3)")
    }
}
