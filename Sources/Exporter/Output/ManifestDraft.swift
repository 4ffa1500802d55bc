import Foundation
import HTTPClient
import RunStore

/// What a run's loop did, beyond the lists' and tables' own counts.
struct RunOutcome: Sendable {
    var failures: [Manifest.Failure]
    var posterFiles: Manifest.PosterCounts
    var unsafePosterPaths: [Manifest.UnsafePosterPath]
    var timings: Manifest.Timings

    init(_ schedule: JobSchedule, setupStarted: ContinuousClock.Instant, finish: Duration) {
        failures = schedule.failures
        posterFiles = schedule.posterFiles
        unsafePosterPaths = schedule.unsafePosterPaths
        let spans = schedule.timings
        func seconds(_ start: ContinuousClock.Instant?, _ end: ContinuousClock.Instant?) -> Double {
            guard let start, let end else { return 0 }
            return ManifestDraft.milliseconds((end - start).seconds)
        }
        timings = Manifest.Timings(
            setupSeconds: seconds(setupStarted, spans.setupEnded),
            listsSeconds: seconds(spans.listsStarted, spans.listsEnded),
            postersSeconds: seconds(spans.postersStarted, spans.postersEnded),
            finishSeconds: ManifestDraft.milliseconds(finish.seconds))
    }
}

/// The parts of a manifest known when a run starts; completed with counts when it ends.
struct ManifestDraft: Sendable {
    /// Seconds rounded to the millisecond.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    var job: Job
    var runID: String
    var resumed: Bool
    var started: Date
    var api: APIClient
    var concurrency: Int
    var posterSize: String?
    var toolVersion: String

    func manifest(
        status: Manifest.Status, requests: [Manifest.RequestSummary], imageClient: APIClient?, outcome: RunOutcome?,
        rejectedFile: Manifest.DataFile? = nil
    ) -> Manifest {
        let finished = Date()
        let apiCounts = api.metrics.snapshot
        let imageCounts = imageClient?.metrics.snapshot
        return Manifest(
            job: job.name, runID: runID, resumed: resumed, status: status, startedAt: Manifest.timestamp(started),
            finishedAt: Manifest.timestamp(finished),
            elapsedSeconds: Self.milliseconds(finished.timeIntervalSince(started)), timings: outcome?.timings,
            toolVersion: toolVersion, apiBaseURL: URLRedaction.redact(api.baseURL),
            imageBaseURL: imageClient.map { URLRedaction.redact($0.baseURL) }, language: job.language,
            region: job.region, posterSize: posterSize, concurrency: concurrency, requests: requests,
            failures: outcome?.failures ?? [], posterFiles: posterSize == nil ? nil : outcome?.posterFiles,
            apiRequests: apiCounts.requests, apiRetries: apiCounts.retries, throttled: apiCounts.throttled,
            posterRequests: imageCounts?.requests ?? 0, posterRetries: imageCounts?.retries ?? 0,
            unsafePosterPaths: outcome?.unsafePosterPaths ?? [], rejectedFile: rejectedFile)
    }
}

extension Manifest.RequestSummary {
    /// Each list request's summary: its page counts, and what its table wrote (nothing yet before setup).
    static func of(_ lists: [ListProgress], _ tables: [ListTableWriter]) -> [Manifest.RequestSummary] {
        lists.indices.map { index in
            let list = lists[index]
            var summary = Manifest.RequestSummary(
                endpoint: list.request.endpoint, pages: list.request.pages.description)
            summary.pagesPlanned = list.pagesPlanned
            summary.pagesAsked = list.pagesAsked
            summary.totalResults = list.totals?.totalResults
            summary.totalPages = list.totals?.totalPages
            summary.dates = list.totals?.dates
            summary.pagesFetched = list.pagesFetched
            summary.pagesFromCache = list.pagesFromCache
            summary.pagesFailed = list.pagesFailed
            summary.itemsSkipped = list.itemsRejected
            summary.itemsRejected = list.itemsRejected
            summary.stringsRepaired = list.stringsRepaired
            if index < tables.count {
                let written = tables[index].counts
                summary.rowsWritten = written.rowsWritten
                summary.duplicatesDropped = written.duplicatesDropped
                summary.detailsWritten = written.detailsWritten
                summary.detailsFailed = written.detailsFailed
                summary.posters = written.posters
                summary.files = written.files
            }
            return summary
        }
    }
}
