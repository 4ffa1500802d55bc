import Foundation
import RunStore
import TestSupport

@testable import RunReport

/// Manifests and data files as a run writes them, for the report's tests.
enum ReportFixtures {
    /// A complete list run's manifest with one request whose files are `files`.
    static func manifest(
        job: String = "fixture", files: [Manifest.DataFile] = [], failures: [Manifest.Failure] = [],
        catalogue: [Manifest.CatalogueSummary]? = nil, posterSize: String? = "w92"
    ) -> Manifest {
        var request = Manifest.RequestSummary(endpoint: "movie/top_rated", pages: "1-2")
        request.pagesPlanned = 2
        request.pagesFetched = 2
        request.rowsWritten = 40
        request.files = files
        var manifest = Manifest(
            job: job, runID: "20261122T020000Z", resumed: false, status: failures.isEmpty ? .complete : .partial,
            startedAt: "2026-11-22T02:00:00Z", finishedAt: "2026-11-22T02:00:12Z", elapsedSeconds: 12.5,
            timings: Manifest.Timings(setupSeconds: 0.2, listsSeconds: 11, postersSeconds: 10.5, finishSeconds: 0.1),
            toolVersion: "0.1.0", apiBaseURL: "https://api.themoviedb.org/3",
            imageBaseURL: "https://image.tmdb.org/t/p/", language: "en-US", region: nil, posterSize: posterSize,
            concurrency: 8, requests: catalogue == nil ? [request] : [], failures: failures,
            posterFiles: posterSize == nil ? nil : Manifest.PosterCounts(downloaded: 30), apiRequests: 3,
            apiRetries: 1, throttled: 1, posterRequests: 30, posterRetries: 0, unsafePosterPaths: [])
        manifest.catalogue = catalogue
        return manifest
    }

    static func file(_ path: String, rows: Int) -> Manifest.DataFile {
        Manifest.DataFile(
            path: path, format: (path as NSString).pathExtension, rows: rows, bytes: 100, sha256: "00")
    }

    /// A movie catalogue's summary: an incremental night with these changes, its tables as `files`.
    static func catalogue(files: [Manifest.DataFile], posters: Bool = false) -> Manifest.CatalogueSummary {
        Manifest.CatalogueSummary(
            type: .movie, append: ["credits"], exportDateRequested: "latest", exportDate: "2026-11-21",
            exportDateMissing: nil, exportFiles: ["movie_ids_11_21_2026.json.gz"], idsInExport: 1000,
            idsDroppedAsAdult: 10, idsBelowMinPopularity: 0, idsCutByLimit: 0, duplicateIDsInExport: 0,
            idsPlanned: 990, idsFetched: 12, idsRemoved: 1, idsFailed: 0,
            posters: posters ? Manifest.PosterCounts(downloaded: 3) : nil, idsInSnapshot: 985, files: files,
            mode: .incremental,
            incremental: Manifest.IncrementalSummary(
                basedOnRun: "20261121T020000Z", previousExportDate: "2026-11-20", changesFrom: "2026-11-21",
                changesThrough: "2026-11-22", changeFeedPages: 2, idsInChangeFeed: 40, idsAdded: 5, idsChanged: 7,
                idsGoneFromExport: 3, idsNowNotFound: 1, idsCarriedOver: 973, detailsRequested: 12,
                verifySeconds: 0.5, mergeSeconds: 1.5))
    }

    /// A list row in `MovieRow.columns` order.
    static func movieRow(
        rank: Int, title: String, date: String = "", vote: String = "7.5", votes: String = "100",
        genres: String = "Drama", posterFile: String = ""
    ) -> [String] {
        [
            "\(rank)", "\(rank * 10)", title, title, "en", date, vote, votes, "1.5", "18", genres, "false",
            "An overview, \"quoted\",\nover two lines.", "", posterFile,
        ]
    }

    /// Writes `records` as a CSV file under `directory` and returns its path.
    @discardableResult
    static func writeCSV(_ records: [[String]], to name: String, in directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(records.flatMap(CSVEncoding.record)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The SVG of the chart named `name` in a page: from its `data-chart` to its `</svg>`.
    static func chart(_ name: String, in html: String) -> Substring? {
        guard let start = html.range(of: "data-chart=\"\(name)\" viewBox=") else { return nil }
        guard let end = html[start.upperBound...].range(of: "</svg>") else { return nil }
        return html[start.lowerBound..<end.upperBound]
    }
}
