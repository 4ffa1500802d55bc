import Foundation
import RunStore

extension RunMetrics {
    /// The metrics in Prometheus' text format. The README's "Monitoring" section lists them; keep the two together.
    package var exposition: String {
        var text = PrometheusExposition()
        addRun(to: &text)
        addRequests(to: &text)
        if let manifest {
            addOutput(of: manifest, to: &text)
            addFailedIDs(of: manifest, to: &text)
        }
        addFreshness(to: &text)
        return text.text
    }

    private typealias Label = PrometheusExposition.Label
    private typealias Sample = PrometheusExposition.Sample

    /// A sample labelled `job`, and `shard` for a shard run, then `extra`.
    private func sample(_ value: Double, _ extra: Label...) -> Sample {
        Sample([Label("job", job)] + (shard.map { [Label("shard", $0)] } ?? []) + extra, value)
    }

    private func addRun(to text: inout PrometheusExposition) {
        text.add(
            "tmdb_export_run_status", .gauge,
            help: "How the run ended: 1 for its status (complete, partial, failed, interrupted), 0 for the others.",
            Self.statuses.map { sample($0 == status ? 1 : 0, Label("status", $0.rawValue)) })
        text.add(
            "tmdb_export_run_exit_code", .gauge,
            help: "The process's exit code (0 success, 1 finished with failures or stopped, 2 usage or job file, "
                + "3 credentials rejected, 130 SIGINT, 143 SIGTERM).",
            [sample(Double(exitCode))])
        text.add(
            "tmdb_export_run_start_timestamp_seconds", .gauge, help: "When the run started, in seconds since 1970.",
            [sample(Self.seconds(started))])
        text.add(
            "tmdb_export_run_end_timestamp_seconds", .gauge,
            help: "When the run ended (this file was written), in seconds since 1970.", [sample(Self.seconds(finished))]
        )
        text.add(
            "tmdb_export_run_duration_seconds", .gauge, help: "How long the run took, in seconds.",
            [sample(Self.milliseconds(finished.timeIntervalSince(started)))])
        text.add(
            "tmdb_export_last_complete_run_timestamp_seconds", .gauge,
            help: "When the job's newest complete run ended, in seconds since 1970; 0 when no run has completed.",
            [sample(lastCompleteRun.map(Self.seconds) ?? 0)])
    }

    private func addRequests(to text: inout PrometheusExposition) {
        let attempts = manifest?.apiRequests ?? requests.attempts
        let retries = manifest?.apiRetries ?? requests.retries
        text.add(
            "tmdb_export_api_requests_total", .counter,
            help: "HTTP requests sent to the TMDB API during the run, by attempt: first, or a retry.",
            [
                sample(Double(attempts - retries), Label("attempt", "first")),
                sample(Double(retries), Label("attempt", "retry")),
            ])
        text.add(
            "tmdb_export_api_throttled_total", .counter,
            help: "429 Too Many Requests answers from the TMDB API during the run.",
            [sample(Double(manifest?.throttled ?? requests.throttled))])
        guard let manifest, manifest.posterRequests > 0 else { return }
        text.add(
            "tmdb_export_poster_requests_total", .counter,
            help: "Poster downloads attempted during the run, by attempt: first, or a retry.",
            [
                sample(Double(manifest.posterRequests - manifest.posterRetries), Label("attempt", "first")),
                sample(Double(manifest.posterRetries), Label("attempt", "retry")),
            ])
    }

    private func addOutput(of manifest: Manifest, to text: inout PrometheusExposition) {
        text.add(
            "tmdb_export_failures_total", .counter,
            help: "Things that failed during the run (pages, details, posters), as named in failures.ndjson.",
            [sample(Double(manifest.failuresTotal))])
        if !manifest.requests.isEmpty {
            let fetched = manifest.requests.reduce(0) { $0 + $1.pagesFetched - $1.pagesFromCache }
            let cached = manifest.requests.reduce(0) { $0 + $1.pagesFromCache }
            let failed = manifest.requests.reduce(0) { $0 + $1.pagesFailed }
            text.add(
                "tmdb_export_list_pages_total", .counter,
                help:
                    "List pages of the job's requests, by outcome: fetched, taken from a resumed run's cache, failed.",
                [
                    sample(Double(fetched), Label("outcome", "fetched")),
                    sample(Double(cached), Label("outcome", "from_cache")),
                    sample(Double(failed), Label("outcome", "failed")),
                ])
            text.add(
                "tmdb_export_list_items_rejected_total", .counter,
                help: "List items that could not be read, written to rejected.ndjson instead of the tables.",
                [sample(Double(manifest.requests.reduce(0) { $0 + $1.itemsRejected }))])
        }
        text.add(
            "tmdb_export_table_rows", .gauge,
            help: "Rows of each table the run wrote (its CSV file, else its NDJSON file), by table.",
            Self.tableRows(of: manifest).map { sample(Double($0.rows), Label("table", $0.table)) })
        text.add(
            "tmdb_export_catalogue_ids", .gauge,
            help: "A catalogue's ids, by outcome: planned (selected by the job), fetched, added, changed, "
                + "carried_over, gone (left the export), removed (answered 404), failed, in_snapshot.",
            (manifest.catalogue ?? []).flatMap { catalogue in
                Self.ids(of: catalogue).map {
                    sample(Double($0.count), Label("type", catalogue.type.rawValue), Label("outcome", $0.outcome))
                }
            })
        text.add(
            "tmdb_export_change_feed_cuts", .gauge,
            help: "Days of a catalogue's change feed read short at TMDB's 500-page cap (the manifest's "
                + "changeFeedDaysCut), by catalogue type: the ids on the pages not read wait for the rolling refresh.",
            (manifest.catalogue ?? []).map { catalogue in
                sample(Double(catalogue.changeFeedDaysCut?.count ?? 0), Label("type", catalogue.type.rawValue))
            })
    }

    private func addFailedIDs(of manifest: Manifest, to text: inout PrometheusExposition) {
        let catalogues = (manifest.catalogue ?? []).filter { $0.idsCarried != nil }
        guard !catalogues.isEmpty else { return }
        text.add(
            "tmdb_export_catalogue_failed_ids", .gauge,
            help: "A catalogue's ids whose details failed tonight, by outcome: carried (the snapshot keeps their "
                + "previous rows) or left_out (new ids, not in the snapshot). Each is asked for again the next night.",
            catalogues.flatMap { catalogue in
                [("carried", catalogue.idsCarried ?? 0), ("left_out", catalogue.idsLeftOut ?? 0)].map {
                    sample(Double($0.1), Label("type", catalogue.type.rawValue), Label("outcome", $0.0))
                }
            })
    }

    private func addFreshness(to text: inout PrometheusExposition) {
        text.add(
            "tmdb_export_oldest_fetched_at_timestamp_seconds", .gauge,
            help: "The oldest fetched_at of the snapshot latest points at (its main table), by catalogue type.",
            freshness.compactMap { entry in
                entry.oldestFetchedAt.map { sample(Double($0), Label("type", entry.type.rawValue)) }
            })
        text.add(
            "tmdb_export_oldest_votes_at_timestamp_seconds", .gauge,
            help: "The oldest votes_at of the snapshot latest points at (its main table), by catalogue type.",
            freshness.compactMap { entry in
                entry.oldestVotesAt.map { sample(Double($0), Label("type", entry.type.rawValue)) }
            })
    }

    /// One count per table name, from the first file of each (a table's CSV and NDJSON files hold the same rows),
    /// in the manifest's order: the lists' files, then the catalogues', then the dimensions'.
    private static func tableRows(of manifest: Manifest) -> [(table: String, rows: Int)] {
        let files =
            manifest.requests.flatMap(\.files) + (manifest.catalogue ?? []).flatMap(\.files)
            + (manifest.dimensions ?? []).flatMap(\.files)
        var seen: Set<String> = []
        var rows: [(table: String, rows: Int)] = []
        for file in files {
            let table = (file.path as NSString).deletingPathExtension
            if seen.insert(table).inserted { rows.append((table, file.rows)) }
        }
        return rows
    }

    private static func ids(of catalogue: Manifest.CatalogueSummary) -> [(outcome: String, count: Int)] {
        var ids = [
            ("planned", catalogue.idsPlanned), ("fetched", catalogue.idsFetched), ("removed", catalogue.idsRemoved),
            ("failed", catalogue.idsFailed),
        ]
        if let incremental = catalogue.incremental {
            ids += [
                ("added", incremental.idsAdded), ("changed", incremental.idsChanged),
                ("carried_over", incremental.idsCarriedOver), ("gone", incremental.idsGoneFromExport),
            ]
        }
        if let inSnapshot = catalogue.idsInSnapshot { ids.append(("in_snapshot", inSnapshot)) }
        return ids
    }

    private static func seconds(_ date: Date) -> Double { date.timeIntervalSince1970.rounded(.down) }

    private static func milliseconds(_ seconds: Double) -> Double { (max(0, seconds) * 1000).rounded() / 1000 }
}
