import Foundation
import HTTPClient
import RunReport
import RunStore
import TMDBAPI

/// Runs a job into a ``StagingRun``: its lists (``ListRun``), its catalogues (``CatalogueRun``) or both, each adding
/// what it did to one ``RunRecord``, the run's manifest.
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
        let (staging, previous) = try open(
            job, layout: layout, posterSize: posters?.size, store: store, started: started)
        let stallLimit = options.stallLimit ?? api.retryPolicy.longestRequest(timeout: api.timeout)
        let makeImageClient = imageClient(concurrency: posters?.concurrency ?? 1, api: api)
        var record = RunRecord(
            job: job.name, runID: staging.runID, resumed: staging.resumed, started: started,
            toolVersion: options.toolVersion, apiBaseURL: URLRedaction.redact(api.baseURL), language: job.language,
            region: job.region, posterSize: posters?.size, concurrency: concurrency)
        if job.history {
            let day = options.now.map { ExportDay(dayOf: $0) } ?? ExportDay(nightOf: staging.runID, started: started)
            record.history = Manifest.HistoryNight(
                day: day.description, previousRun: (try? previous.get())??.runID)
        }
        let lists =
            job.requests.isEmpty
            ? nil
            : ListRun(
                job: job, api: api, concurrency: concurrency, posters: posters, options: options, staging: staging,
                store: store,
                controls: LoopControls(
                    stop: stop, stallLimit: stallLimit, clock: stallClock, api: api, countingTheRest: true),
                makeImageClient: makeImageClient, onEvent: onEvent)
        // Whether the staging run holds something worth resuming, should the run stop.
        var worthKeeping = false
        do throws(ExportError) {
            if let lists {
                try await lists.run()
            } else {
                onEvent(.started(runID: staging.runID, stagingDirectory: staging.directory, resumed: staging.resumed))
            }
            worthKeeping = true
            // First: no API request, and a bad export stops the run before the catalogues' hours of requests.
            let dimensions =
                job.dimensions.isEmpty
                ? nil
                : try await DimensionRun(
                    job: job, files: filesClient(api: api), directory: staging.directory, now: options.now ?? Date(),
                    onEvent: onEvent
                ).run()
            // Two requests, before the catalogues' hours of them: a list that cannot be read stops the run at once.
            let watchProviders =
                WatchProviderRun.isNeeded(by: job)
                ? try await WatchProviderRun(
                    api: api, language: job.language, formats: job.formats, directory: staging.directory
                ).run()
                : nil
            var catalogue: CatalogueRun.Outcome?
            if !job.catalogue.isEmpty {
                catalogue = try await CatalogueRun(
                    job: job, api: api, files: filesClient(api: api), concurrency: concurrency,
                    window: max(2, concurrency * options.reorderWindowFactor), directory: staging.directory,
                    now: options.now ?? Date(), answeredAt: { [fixed = options.now] in fixed ?? Date() },
                    controls: LoopControls(stop: stop, stallLimit: stallLimit, clock: stallClock, api: api),
                    onEvent: onEvent,
                    posters: store.flatMap { store in
                        posters.map {
                            CatalogueRun.PosterSource(
                                store: store, settings: $0, imageClient: lists?.imageClient,
                                makeImageClient: makeImageClient)
                        }
                    }, previous: previous, forceFull: options.full, acceptDrop: options.acceptDrop,
                    shard: options.shard
                ).run()
            }
            let finishing = ContinuousClock.now
            try lists?.finish()
            lists?.add(to: &record, finished: true)
            record.add(lists?.outcome(finish: .now - finishing) ?? RunOutcome(finish: .now - finishing))
            if let catalogue { record.add(catalogue: catalogue) }
            if let dimensions { record.add(dimensions: dimensions) }
            record.watchProviders = watchProviders
            record.add(api: api.metrics.snapshot, images: lists?.imageClient?.metrics.snapshot)
            record.shard = options.shard?.description
            let status: Manifest.Status =
                if options.strict && lists?.rejectedItems == true {
                    .failed
                } else {
                    record.hasUncarriedFailures ? .partial : .complete
                }
            do throws(OutputError) {
                record.failuresFile = try FailuresFile.write(record.failures, into: staging.directory)
            } catch {
                throw .output(error)
            }
            return try publish(record.manifest(status: status), staging: staging, layout: layout, job: job)
        } catch {
            lists?.discard()
            // A refused export leaves nothing worth resuming but the lists' pages: the catalogues had fetched none.
            if lists?.isSetUp != true && (!worthKeeping || error.isRefusedDrop) {
                staging.discard()
            } else {
                lists?.add(to: &record, finished: false)
                record.add(api: api.metrics.snapshot, images: lists?.imageClient?.metrics.snapshot)
                staging.abandon(record.manifest(status: error.isInterruption ? .interrupted : .failed))
            }
            throw error
        }
    }

    /// Takes the job's lock, then reads `latest` (for catalogues) and opens the staging run: a new one, or the
    /// unfinished one `--resume` continues.
    /// - Returns: the staging run, and the snapshot incremental catalogues build on (nil when there is none, or why
    ///   it cannot be read).
    private func open(
        _ job: Job, layout: OutputLayout, posterSize: String?, store: PosterStore?, started: Date
    ) throws(ExportError) -> (StagingRun, Result<PreviousSnapshot?, FullRunReason>) {
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
        do throws(StoreError) {
            let staging = try StagingRun(
                locked,
                resumeKey: StagingRun.resumeKey(
                    for: job, posterSize: posterSize, base: base.map { options.full ? "full" : $0 }),
                resume: options.resume, slugs: job.requests.map(\.slug), posterStore: store, started: started)
            return (staging, previous)
        } catch {
            throw ExportError(error)
        }
    }

    /// Describes the run (data package, load script, report) and publishes it: as `latest` when it is complete (or
    /// partial, with `--allow-partial`); a failed run is never published.
    private func publish(
        _ manifest: Manifest, staging: StagingRun, layout: OutputLayout, job: Job
    ) throws(ExportError) -> ExportReport {
        var manifest = manifest
        // A failed run is never published: --allow-partial tolerates failed requests, not what --strict refuses.
        let publish = manifest.status == .complete || (manifest.status == .partial && options.allowPartial)
        do throws(OutputError) {
            try RunDescription.write(manifest, lists: job.describedLists, into: staging.directory, published: publish)
        } catch {
            throw .output(error)
        }
        manifest.reportFile = report(manifest, staging: staging, layout: layout)
        let (runDirectory, pruned): (String, pruned: [String])
        do throws(StoreError) {
            (runDirectory, pruned) = try staging.publish(manifest, asLatest: publish, keep: options.keep)
        } catch {
            throw ExportError(error)
        }
        return ExportReport(
            manifest: manifest, runDirectory: runDirectory, publishedAsLatest: publish,
            jobDirectory: layout.jobDirectory, prunedRuns: pruned)
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
