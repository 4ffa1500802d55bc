import Foundation
import HTTPClient
import RunReport
import RunStore
import TMDBAPI

/// Runs a job: `/configuration` and the genre names, then every page of every request, its details and its
/// posters, through one ``WorkLoop`` driven by a ``JobSchedule``, into a ``StagingRun``.
///
/// Nightly-safe: the run is written under `staging/<run-id>/` and renamed into `runs/` only when complete; `latest`
/// is switched by an atomic symlink rename only after that. Every file goes through a temporary name. A stopped or
/// crashed run leaves its staging folder, with the pages it fetched, for `--resume`.
public struct Exporter: Sendable {
    /// The API client; each run sends through a copy of it limited to the run's concurrency.
    public var api: APIClient
    /// The transport for image downloads; the image client never carries credentials.
    public var imageTransport: any HTTPTransport
    public var options: ExportOptions
    /// Asks a running export to drain and stop (signals).
    public var stop: StopRequest?
    /// Receives progress events; called from the run's own task, one at a time.
    public var onEvent: @Sendable (ExportEvent) -> Void
    /// The stall watchdog's clock; tests pass one they advance by hand.
    var stallClock = ElapsedClock(ContinuousClock())
    /// Writes `report.html` into a run's folder; tests pass one that fails.
    var writeReport:
        @Sendable (Manifest, _ runDirectory: String, _ jobDirectory: String) throws(OutputError) ->
            Manifest.DataFile = ReportFile.write(_:runDirectory:jobDirectory:)

    public init(
        api: APIClient, imageTransport: any HTTPTransport, options: ExportOptions = ExportOptions(),
        stop: StopRequest? = nil, onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) {
        self.api = api
        self.imageTransport = imageTransport
        self.options = options
        self.stop = stop
        self.onEvent = onEvent
    }

    /// Runs the job to the end.
    /// - Returns: the report; its manifest's status is `complete` or `partial`, or `failed` when an item was
    ///   rejected under ``ExportOptions/strict``.
    /// - Throws: ``ExportError`` when the run had to stop: rejected credentials, no configuration, a bad poster
    ///   size, a write failure, a stop request or another run holding the job's lock. `latest` and earlier runs are
    ///   never touched then.
    public func run(_ job: Job) async throws(ExportError) -> ExportReport {
        let started = Date()
        let concurrency = options.concurrency ?? job.concurrency
        // One limit holds the run's concurrency on the wire from the first request to the last.
        let api = self.api.withMaximumInFlight(concurrency)
        // Lists use the job's posters; catalogues only when one says "posters": true.
        let wantsPosters = !job.requests.isEmpty || job.catalogue.contains(where: \.posters)
        let posters = options.postersEnabled && wantsPosters ? job.posters : nil
        let layout = OutputLayout(root: options.outputRoot, jobName: job.name, shard: options.shard)
        let store = posters.map { PosterStore(layout: layout, size: $0.size) }
        let locked: LockedJob
        do throws(StoreError) { locked = try LockedJob(layout) } catch { throw ExportError(error) }
        // The snapshot `latest` points at when the run starts, read with the lock held: what incremental catalogues
        // build on, so a run left unfinished is resumed only while it is still the latest (a night is never applied
        // on top of itself).
        let previous: Result<PreviousSnapshot?, FullRunReason> =
            job.catalogue.isEmpty
            ? .success(nil)
            : Result { () throws(FullRunReason) in
                try PreviousSnapshot.latest(in: locked)
            }
        let base = job.catalogue.isEmpty ? nil : ((try? previous.get())??.runID ?? "-")
        let staging: StagingRun
        do throws(StoreError) {
            staging = try StagingRun(
                locked,
                resumeKey: StagingRun.resumeKey(
                    for: job, posterSize: posters?.size, base: base.map { options.full ? "full" : $0 }),
                resume: options.resume, slugs: job.requests.map(\.slug), posterStore: store, started: started)
        } catch {
            throw ExportError(error)
        }
        var schedule = JobSchedule(
            job: job, api: api, concurrency: concurrency, posters: posters,
            reorderWindow: max(2, concurrency * options.reorderWindowFactor), strict: options.strict,
            makeImageClient: imageClient(concurrency: posters?.concurrency ?? 1, api: api))
        let performer = WorkPerformer(job: job, api: api, pageCache: staging.pageCache, posterStore: store)
        let stallLimit = options.stallLimit ?? api.retryPolicy.longestRequest(timeout: api.timeout)
        let activity = api.activity
        let loop = WorkLoop<JobSchedule>(
            perform: performer.perform, stop: stop, stallLimit: stallLimit,
            waiting: {
                let now = ContinuousClock.now
                let waits = activity.waits(at: now)
                return waits.prefix(5).map { $0.description(at: now) }
                    + (waits.count > 5 ? ["\(waits.count - 5) more"] : [])
            }, clock: stallClock)
        let draft = ManifestDraft(
            job: job, runID: staging.runID, resumed: staging.resumed, started: started, api: api,
            concurrency: concurrency, posterSize: posters?.size, toolVersion: options.toolVersion)
        let tables = ListTables(job: job, directory: staging.directory, posterSize: posters?.size)

        let loopStarted = ContinuousClock.now
        let hasLists = !job.requests.isEmpty
        // Whether the staging run holds something worth resuming, should the run stop.
        var worthKeeping = false
        do throws(ExportError) {
            if hasLists {
                try await loop.run(&schedule) { effect throws(ExportError) in
                    switch effect {
                    case .setupCompleted(let setup):
                        onEvent(
                            .started(
                                runID: staging.runID, stagingDirectory: staging.directory, resumed: staging.resumed))
                        try tables.open(setup)
                    case .event(let event):
                        onEvent(event)
                    case .write(let request, let rows):
                        try tables.write(rows, request: request)
                    case .reject(let request, let page, let items):
                        tables.reject(items, request: request, page: page)
                    }
                }
                try schedule.checkFinished()
            } else {
                onEvent(.started(runID: staging.runID, stagingDirectory: staging.directory, resumed: staging.resumed))
            }
            worthKeeping = true
            let catalogue =
                job.catalogue.isEmpty
                ? nil
                : try await CatalogueRun(
                    job: job, api: api, files: filesClient(api: api), concurrency: concurrency,
                    window: max(2, concurrency * options.reorderWindowFactor), directory: staging.directory,
                    now: options.now ?? Date(), answeredAt: { [fixed = options.now] in fixed ?? Date() }, stop: stop,
                    stallLimit: stallLimit, clock: stallClock, onEvent: onEvent, posterStore: store,
                    posterSettings: posters,
                    imageClient: schedule.setup?.imageClient,
                    makeImageClient: imageClient(concurrency: posters?.concurrency ?? 1, api: api),
                    previous: previous, forceFull: options.full, shard: options.shard
                ).run()
            let finishing = ContinuousClock.now
            if hasLists { try tables.finish() }
            var outcome = RunOutcome(schedule, setupStarted: loopStarted, finish: .now - finishing)
            outcome.failures += catalogue?.failures ?? []
            let rejected = schedule.lists.contains { $0.itemsRejected > 0 }
            let status: Manifest.Status =
                if options.strict && rejected { .failed } else { outcome.failures.isEmpty ? .complete : .partial }
            var manifest = draft.manifest(
                status: status, requests: Manifest.RequestSummary.of(schedule.lists, tables.writers),
                imageClient: schedule.setup?.imageClient, outcome: outcome, rejectedFile: tables.rejectedFile)
            manifest.catalogue = catalogue?.summaries
            manifest.shard = options.shard?.description
            do throws(OutputError) {
                try RunDescription.write(manifest, lists: job.describedLists, into: staging.directory)
            } catch {
                throw .output(error)
            }
            manifest.reportFile = report(manifest, staging: staging, layout: layout)
            // A failed run is never published: --allow-partial tolerates failed requests, not what --strict refuses.
            let publish = status == .complete || (status == .partial && options.allowPartial)
            let (runDirectory, pruned): (String, pruned: [String])
            do throws(StoreError) {
                (runDirectory, pruned) = try staging.publish(manifest, asLatest: publish, keep: options.keep)
            } catch {
                throw ExportError(error)
            }
            return ExportReport(
                manifest: manifest, runDirectory: runDirectory, publishedAsLatest: publish,
                jobDirectory: layout.jobDirectory, prunedRuns: pruned)
        } catch {
            tables.discard()
            if schedule.setup == nil && !worthKeeping {
                staging.discard()
            } else {
                let status: Manifest.Status = if case .interrupted = error { .interrupted } else { .failed }
                staging.abandon(
                    draft.manifest(
                        status: status, requests: Manifest.RequestSummary.of(schedule.lists, tables.writers),
                        imageClient: schedule.setup?.imageClient, outcome: nil))
            }
            throw error
        }
    }

    /// Writes `report.html` into the staging run, best effort: the data is what the run is for, so a report that
    /// cannot be written is a warning, and the run is published without it (and without `reportFile`).
    private func report(_ manifest: Manifest, staging: StagingRun, layout: OutputLayout) -> Manifest.DataFile? {
        do {
            return try writeReport(manifest, staging.directory, layout.sharedDirectory)
        } catch {
            onEvent(.warning("\(ReportFile.fileName) was not written: \(error); the run is published without it"))
            return nil
        }
    }

    /// The client for TMDB's ID export files: no credentials, the API's retry policy and activity registry, and the
    /// image transport (whose caps allow a file of hundreds of megabytes only through a download to disk).
    private func filesClient(api: APIClient) -> APIClient {
        APIClient(
            baseURL: options.filesBaseURL, credentials: nil, transport: imageTransport, userAgent: api.userAgent,
            timeout: api.timeout, retryPolicy: api.retryPolicy, maximumInFlight: 2, activity: api.activity,
            errorMessage: api.errorMessage, sleep: api.sleep)
    }

    /// Builds the image CDN's client from the base URL `/configuration` gives: the API's retry policy and activity
    /// registry (so progress names poster downloads that wait too), but no credentials and no share of the API's
    /// rate budget.
    private func imageClient(concurrency: Int, api: APIClient) -> @Sendable (URL) -> APIClient {
        let transport = imageTransport
        return { base in
            APIClient(
                baseURL: base, credentials: nil, transport: transport, userAgent: api.userAgent, timeout: api.timeout,
                retryPolicy: api.retryPolicy, maximumInFlight: concurrency, activity: api.activity,
                errorMessage: api.errorMessage, sleep: api.sleep)
        }
    }
}
