import Exporter
import Foundation
import HTTPClient
import RunStore

/// The summary printed at the end of a run: rows, pages, posters, failures, elapsed time, where the output is.
enum Summary {
    static func text(for report: ExportReport, elapsed: Duration) -> String {
        let manifest = report.manifest
        var lines: [String] = []
        let status =
            switch manifest.status {
            case .complete: "complete"
            case .failed: "failed: --strict, and \(count(report.totalItemsRejected, "item")) rejected"
            case .partial, .interrupted: "finished with failures"
            }
        lines.append("\(manifest.job): \(status) in \(String(format: "%.1f", elapsed.seconds)) s")
        for request in manifest.requests {
            var line =
                "  \(request.endpoint): \(request.rowsWritten) rows from \(request.pagesFetched)/\(request.pagesPlanned) pages"
            if request.pagesFailed > 0 { line += ", \(request.pagesFailed) pages failed" }
            if request.duplicatesDropped > 0 { line += ", \(request.duplicatesDropped) duplicates dropped" }
            if request.itemsRejected > 0 { line += ", \(count(request.itemsRejected, "item")) rejected" }
            if request.stringsRepaired > 0 { line += ", \(count(request.stringsRepaired, "string")) repaired" }
            lines.append(line)
        }
        lines += valueRepairLines(manifest)
        if let rejected = manifest.rejectedFile {
            lines.append("  rejected: \(count(rejected.rows, "item")) that could not be read, in \(rejected.path)")
        }
        if let files = manifest.posterFiles {
            var line =
                "  posters: \(files.downloaded) downloaded, \(files.alreadyPresent) already present, "
                + "\(files.failed) failed"
            let unsafe = manifest.requests.reduce(0) { $0 + $1.posters.unsafePath }
            if unsafe > 0 { line += ", \(unsafe) unsafe paths skipped" }
            lines.append(line)
        }
        var requests =
            "  requests: \(manifest.apiRequests) to the API (\(manifest.apiRetries) retries, \(manifest.throttled) "
            + "answered 429)"
        if manifest.posterSize != nil {
            requests += ", \(manifest.posterRequests) for posters (\(manifest.posterRetries) retries)"
        }
        lines.append(requests)
        var failures = "  failures: \(manifest.failuresTotal)"
        let catalogues = manifest.catalogue ?? []
        if catalogues.contains(where: { $0.idsFailed > 0 }) {
            failures +=
                " (catalogue ids: \(catalogues.reduce(0) { $0 + ($1.idsCarried ?? 0) }) carried with their previous "
                + "rows, \(catalogues.reduce(0) { $0 + ($1.idsLeftOut ?? 0) }) left out)"
        }
        if let file = manifest.failuresFile { failures += ", named in \(file.path)" }
        lines.append(failures)
        if manifest.resumed {
            let cached = manifest.requests.reduce(0) { $0 + $1.pagesFromCache }
            lines.append("  resumed: \(cached) pages reused from the interrupted run")
        }
        if !report.prunedRuns.isEmpty { lines.append("  pruned: \(report.prunedRuns.joined(separator: ", "))") }
        let latest =
            report.publishedAsLatest ? " (latest)" : " (not published as latest: rerun, or use --allow-partial)"
        lines.append("  output: \(report.runDirectory)\(latest)")
        if let page = manifest.reportFile {
            lines.append("  report: \((report.runDirectory as NSString).appendingPathComponent(page.path))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Per catalogue whose values were changed to load: what was changed, e.g.
    /// `  movie values: 2 strings repaired, 3 dates nulled, 1 repeated row dropped`.
    private static func valueRepairLines(_ manifest: Manifest) -> [String] {
        (manifest.catalogue ?? []).compactMap { catalogue in
            guard let repairs = catalogue.valueRepairs, !repairs.isEmpty else { return nil }
            return "  \(catalogue.type.rawValue) values: \(repairs.counted)"
        }
    }

    /// "1 item", "2 items".
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The summary as one JSON object line, for `--log-format json`.
    static func json(for report: ExportReport, elapsed: Duration) -> String {
        let manifest = report.manifest
        return JSONLine.encode([
            ("time", Manifest.timestamp(Date())), ("event", "finished"), ("job", manifest.job),
            ("runId", manifest.runID), ("status", manifest.status.rawValue), ("rows", report.totalRows),
            ("pagesFetched", report.totalPagesFetched), ("pagesPlanned", report.totalPagesPlanned),
            ("postersDownloaded", manifest.posterFiles?.downloaded ?? 0), ("failures", manifest.failuresTotal),
            ("idsCarried", (manifest.catalogue ?? []).reduce(0) { $0 + ($1.idsCarried ?? 0) }),
            ("idsLeftOut", (manifest.catalogue ?? []).reduce(0) { $0 + ($1.idsLeftOut ?? 0) }),
            ("itemsRejected", report.totalItemsRejected), ("stringsRepaired", report.totalStringsRepaired),
            ("apiRequests", manifest.apiRequests), ("retries", manifest.apiRetries), ("throttled", manifest.throttled),
            ("elapsedSeconds", (elapsed.seconds * 1000).rounded() / 1000), ("output", report.runDirectory),
            ("latest", report.publishedAsLatest),
        ])
    }
}
