import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("A run's metrics for node_exporter's textfile collector")
struct RunMetricsTests {
    static let started = Date(timeIntervalSince1970: 1_795_400_000)
    static let finished = started.addingTimeInterval(754.25)

    @Test("a complete catalogue night: status, times, requests, rows per table, ids by outcome, freshness")
    func completeRun() throws {
        let manifest = ReportFixtures.manifest(
            job: "nightly",
            catalogue: [
                ReportFixtures.catalogue(files: [
                    ReportFixtures.file("movies.csv", rows: 985), ReportFixtures.file("movies.ndjson", rows: 985),
                    ReportFixtures.file("movie_cast.csv", rows: 20_000),
                ])
            ])
        let metrics = RunMetrics(
            job: "nightly", status: .complete, exitCode: 0, started: Self.started, finished: Self.finished,
            manifest: manifest,
            freshness: [SnapshotFreshness(type: .movie, oldestFetchedAt: 1_793_000_000, oldestVotesAt: 1_794_000_000)],
            lastCompleteRun: Self.finished)
        let text = try PrometheusText(metrics.exposition)
        let job = ["job": "nightly"]

        #expect(text.value("tmdb_export_run_status", ["status": "complete"]) == 1)
        for status in ["partial", "failed", "interrupted"] {
            #expect(text.value("tmdb_export_run_status", ["status": status]) == 0)
        }
        #expect(text.value("tmdb_export_run_exit_code", job) == 0)
        #expect(text.value("tmdb_export_run_start_timestamp_seconds", job) == 1_795_400_000)
        #expect(text.value("tmdb_export_run_end_timestamp_seconds", job) == 1_795_400_754)
        #expect(text.value("tmdb_export_run_duration_seconds", job) == 754.25)
        #expect(text.value("tmdb_export_last_complete_run_timestamp_seconds", job) == 1_795_400_754)
        // The fixture's manifest: 3 attempts, 1 a retry, one 429, 30 poster downloads.
        #expect(text.value("tmdb_export_api_requests_total", ["attempt": "first"]) == 2)
        #expect(text.value("tmdb_export_api_requests_total", ["attempt": "retry"]) == 1)
        #expect(text.value("tmdb_export_api_throttled_total", job) == 1)
        #expect(text.value("tmdb_export_poster_requests_total", ["attempt": "first"]) == 30)
        #expect(text.value("tmdb_export_failures_total", job) == 0)
        #expect(text.value("tmdb_export_table_rows", ["table": "movies"]) == 985)
        #expect(text.value("tmdb_export_table_rows", ["table": "movie_cast"]) == 20_000)
        let ids = [
            "planned": 990, "fetched": 12, "removed": 1, "failed": 0, "added": 5, "changed": 7, "carried_over": 973,
            "gone": 3, "in_snapshot": 985,
        ]
        for (outcome, count) in ids {
            #expect(text.value("tmdb_export_catalogue_ids", ["type": "movie", "outcome": outcome]) == Double(count))
        }
        #expect(text.samples.filter { $0.name == "tmdb_export_catalogue_ids" }.count == ids.count)
        #expect(text.value("tmdb_export_oldest_fetched_at_timestamp_seconds", ["type": "movie"]) == 1_793_000_000)
        #expect(text.value("tmdb_export_oldest_votes_at_timestamp_seconds", ["type": "movie"]) == 1_794_000_000)
        #expect(text.samples.allSatisfy { $0.labels["job"] == "nightly" && $0.labels["shard"] == nil })
    }

    @Test("counts the change-feed days read short per catalogue: 0 when none was, the manifest's days when some were")
    func changeFeedDaysCut() throws {
        var cut = ReportFixtures.catalogue(files: [])
        cut.changeFeedDaysCut = ["2026-11-20", "2026-11-22"]
        var whole = ReportFixtures.catalogue(files: [])
        whole.type = .tv
        let metrics = RunMetrics(
            job: "nightly", status: .complete, exitCode: 0, started: Self.started, finished: Self.finished,
            manifest: ReportFixtures.manifest(job: "nightly", catalogue: [cut, whole]))
        let text = try PrometheusText(metrics.exposition)
        #expect(text.type["tmdb_export_change_feed_cuts"] == "gauge")
        #expect(text.value("tmdb_export_change_feed_cuts", ["job": "nightly", "type": "movie"]) == 2)
        #expect(text.value("tmdb_export_change_feed_cuts", ["type": "tv"]) == 0)
    }

    @Test("every metric has HELP and TYPE, a tmdb_export_ name, _total exactly on counters, units in the name")
    func names() throws {
        let metrics = RunMetrics(
            job: "j", status: .complete, exitCode: 0, started: Self.started, finished: Self.finished,
            manifest: ReportFixtures.manifest(), lastCompleteRun: Self.finished)
        let text = try PrometheusText(metrics.exposition)
        #expect(text.names.count >= 10)
        for name in text.names {
            #expect(name.hasPrefix("tmdb_export_"))
            #expect((text.type[name] == "counter") == name.hasSuffix("_total"), "\(name)")
            if name.contains("timestamp") || name.contains("duration") { #expect(name.hasSuffix("_seconds")) }
        }
    }

    @Test("a partial list run: status partial, exit code 1, its failures, pages by outcome")
    func partialRun() throws {
        var manifest = ReportFixtures.manifest(
            job: "lists", files: [ReportFixtures.file("movie_top_rated.csv", rows: 40)],
            failures: [
                .init(endpoint: "movie/top_rated", page: 2, reason: "HTTP 500"),
                .init(endpoint: "poster w92/a.jpg", reason: "timed out"),
            ])
        manifest.requests[0].pagesFetched = 1
        manifest.requests[0].pagesFailed = 1
        let metrics = RunMetrics(
            job: "lists", status: .partial, exitCode: 1, started: Self.started, finished: Self.finished,
            manifest: manifest, lastCompleteRun: Self.started.addingTimeInterval(-86_400))
        let text = try PrometheusText(metrics.exposition)

        #expect(text.value("tmdb_export_run_status", ["status": "partial"]) == 1)
        #expect(text.value("tmdb_export_run_status", ["status": "complete"]) == 0)
        #expect(text.value("tmdb_export_run_exit_code") == 1)
        #expect(text.value("tmdb_export_failures_total") == 2)
        #expect(text.value("tmdb_export_list_pages_total", ["outcome": "fetched"]) == 1)
        #expect(text.value("tmdb_export_list_pages_total", ["outcome": "failed"]) == 1)
        #expect(text.value("tmdb_export_list_pages_total", ["outcome": "from_cache"]) == 0)
        #expect(text.value("tmdb_export_table_rows", ["table": "movie_top_rated"]) == 40)
        #expect(text.value("tmdb_export_last_complete_run_timestamp_seconds") == 1_795_313_600)
        #expect(text.value("tmdb_export_catalogue_ids") == nil)
    }

    @Test(
        "a run that wrote no manifest: status, exit code, times and the client's requests; the last complete run",
        arguments: [(Manifest.Status.failed, Int32(2)), (.interrupted, 130), (.interrupted, 143), (.failed, 3)])
    func noManifest(status: Manifest.Status, exitCode: Int32) throws {
        let metrics = RunMetrics(
            job: "bad", status: status, exitCode: exitCode, started: Self.started, finished: Self.finished,
            requests: .init(attempts: 4, retries: 1, throttled: 1))
        let text = try PrometheusText(metrics.exposition)

        #expect(text.value("tmdb_export_run_status", ["status": status.rawValue]) == 1)
        #expect(text.samples.filter { $0.name == "tmdb_export_run_status" }.map(\.value).reduce(0, +) == 1)
        #expect(text.value("tmdb_export_run_exit_code") == Double(exitCode))
        #expect(text.value("tmdb_export_api_requests_total", ["attempt": "first"]) == 3)
        #expect(text.value("tmdb_export_api_throttled_total") == 1)
        // No run has completed: 0, so that "no complete night in 36 h" fires for a job that never completed.
        #expect(text.value("tmdb_export_last_complete_run_timestamp_seconds") == 0)
        for absent in ["tmdb_export_failures_total", "tmdb_export_table_rows", "tmdb_export_catalogue_ids"] {
            #expect(!text.names.contains(absent))
        }
    }

    @Test("a job name with a double quote, a backslash and a line feed is escaped in every label, and reads back")
    func escapedJobName() throws {
        let job = "night \"A\"\\b\nc"
        let metrics = RunMetrics(
            job: job, shard: "1/4", status: .failed, exitCode: 1, started: Self.started, finished: Self.finished,
            manifest: ReportFixtures.manifest(job: job))
        let exposition = metrics.exposition
        #expect(exposition.contains(#"job="night \"A\"\\b\nc",shard="1/4""#))
        // One sample a line: the line feed never reaches the file as a line feed.
        #expect(!exposition.split(separator: "\n").contains { $0.hasPrefix("c\"") })
        let text = try PrometheusText(exposition)
        #expect(!text.samples.isEmpty)
        #expect(text.samples.allSatisfy { $0.labels["job"] == job && $0.labels["shard"] == "1/4" })
    }
}
