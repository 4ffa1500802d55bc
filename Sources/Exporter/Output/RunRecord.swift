import Foundation
import HTTPClient
import RunStore

/// A run's manifest as it is built: begun with what is known when the run opens, each phase adding what it did
/// (the lists, the catalogues, the clients' counts), and made into a ``Manifest`` once, when the run is published
/// or left for `--resume`. The one place a manifest is assembled, for a run and for a shard merge.
struct RunRecord: Sendable {
    /// Seconds rounded to the millisecond.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    var job: String
    var runID: String
    var resumed: Bool
    var started: Date
    var toolVersion: String
    /// The API's base URL, credentials redacted.
    var apiBaseURL: String
    var language: String
    var region: String?
    var posterSize: String?
    var concurrency: Int

    private(set) var requests: [Manifest.RequestSummary] = []
    /// The image CDN's base URL, credentials redacted.
    var imageBaseURL: String?
    private(set) var rejectedFile: Manifest.DataFile?
    /// Every failure of the run, lists' and catalogues': the manifest lists the first, `failures.ndjson` all.
    private(set) var failures: [Manifest.Failure] = []
    /// Whether a failure makes the run partial: a list's, or more of a catalogue's ids than its
    /// `maxFailedPercent` (within it, failed ids are carried and the night is complete).
    private(set) var hasUncarriedFailures = false
    /// `failures.ndjson`, once written beside the manifest.
    var failuresFile: Manifest.DataFile?
    /// Set once the run's loop has finished: a run left unfinished says nothing of them.
    private(set) var timings: Manifest.Timings?
    private(set) var posterFiles: Manifest.PosterCounts?
    private(set) var unsafePosterPaths: [Manifest.UnsafePosterPath] = []
    private(set) var catalogue: [Manifest.CatalogueSummary]?
    private(set) var dimensions: [Manifest.DimensionSummary]?
    /// The `watch_providers` table written (a run's, or the one merged shards share).
    var watchProviders: Manifest.WatchProviderSummary?
    private(set) var snapshotVersion: Int?
    private(set) var api = ClientMetrics.Snapshot()
    private(set) var images = ClientMetrics.Snapshot()
    var shard: String?
    var mergedFrom: [String]?
    var reportFile: Manifest.DataFile?
    /// The night of a job with `"history": true`.
    var history: Manifest.HistoryNight?

    init(
        job: String, runID: String, resumed: Bool, started: Date, toolVersion: String, apiBaseURL: String,
        language: String, region: String?, posterSize: String?, concurrency: Int
    ) {
        self.job = job
        self.runID = runID
        self.resumed = resumed
        self.started = started
        self.toolVersion = toolVersion
        self.apiBaseURL = apiBaseURL
        self.language = language
        self.region = region
        self.posterSize = posterSize
        self.concurrency = concurrency
    }

    /// The lists as far as they got: each request's counts and files, the image CDN they used (credentials
    /// redacted), rejected items.
    mutating func add(lists: [Manifest.RequestSummary], imageBaseURL: String?, rejectedFile: Manifest.DataFile?) {
        requests = lists
        self.imageBaseURL = imageBaseURL
        self.rejectedFile = rejectedFile
    }

    /// What the run's loop did, once it finished.
    mutating func add(_ outcome: RunOutcome) {
        failures += outcome.failures
        if !outcome.failures.isEmpty { hasUncarriedFailures = true }
        timings = outcome.timings
        posterFiles = posterSize == nil ? nil : outcome.posterFiles
        unsafePosterPaths = outcome.unsafePosterPaths
    }

    /// What the catalogues produced.
    mutating func add(catalogue outcome: CatalogueRun.Outcome) {
        add(catalogue: outcome.summaries)
        failures += outcome.failures
        if !outcome.overFailureLimit.isEmpty { hasUncarriedFailures = true }
    }

    /// Failures a complete run carried (merged shards'): named, not making the run partial.
    mutating func add(carried: [Manifest.Failure]) {
        failures += carried
    }

    /// The catalogues' summaries (a run's, or merged shards'): the snapshot is written under this build's contract.
    mutating func add(catalogue summaries: [Manifest.CatalogueSummary]) {
        catalogue = summaries
        snapshotVersion = SnapshotLayout.version
    }

    /// The dimension tables written (a run's, or those merged shards share).
    mutating func add(dimensions summaries: [Manifest.DimensionSummary]) {
        dimensions = summaries
    }

    /// What the API and image clients sent, as counted when the manifest is made.
    mutating func add(api: ClientMetrics.Snapshot, images: ClientMetrics.Snapshot?) {
        self.api.requests += api.requests
        self.api.retries += api.retries
        self.api.throttled += api.throttled
        self.images.requests += images?.requests ?? 0
        self.images.retries += images?.retries ?? 0
    }

    /// The manifest of the run as it stands, finished now.
    func manifest(status: Manifest.Status, finished: Date = Date()) -> Manifest {
        var manifest = Manifest(
            job: job, runID: runID, resumed: resumed, status: status, startedAt: Manifest.timestamp(started),
            finishedAt: Manifest.timestamp(finished),
            elapsedSeconds: Self.milliseconds(finished.timeIntervalSince(started)), timings: timings,
            toolVersion: toolVersion, apiBaseURL: apiBaseURL, imageBaseURL: imageBaseURL, language: language,
            region: region, posterSize: posterSize, concurrency: concurrency, requests: requests,
            failures: Array(failures.prefix(Manifest.listedFailures)),
            posterFiles: posterFiles, apiRequests: api.requests, apiRetries: api.retries, throttled: api.throttled,
            posterRequests: images.requests, posterRetries: images.retries, unsafePosterPaths: unsafePosterPaths,
            rejectedFile: rejectedFile, catalogue: catalogue, dimensions: dimensions, shard: shard,
            mergedFrom: mergedFrom,
            reportFile: reportFile, snapshotVersion: snapshotVersion)
        manifest.watchProviders = watchProviders
        manifest.history = history
        manifest.failureCount = failures.count
        manifest.failuresFile = failuresFile
        return manifest
    }
}

/// What a run's loop did, beyond the lists' and tables' own counts.
struct RunOutcome: Sendable {
    var failures: [Manifest.Failure] = []
    var posterFiles = Manifest.PosterCounts()
    var unsafePosterPaths: [Manifest.UnsafePosterPath] = []
    var timings: Manifest.Timings

    /// A run without lists: only its finishing took time.
    init(finish: Duration) {
        timings = Manifest.Timings(
            setupSeconds: 0, listsSeconds: 0, postersSeconds: 0,
            finishSeconds: RunRecord.milliseconds(finish.seconds))
    }

    init(
        failures: [Manifest.Failure], posterFiles: Manifest.PosterCounts,
        unsafePosterPaths: [Manifest.UnsafePosterPath], timings: Manifest.Timings
    ) {
        self.failures = failures
        self.posterFiles = posterFiles
        self.unsafePosterPaths = unsafePosterPaths
        self.timings = timings
    }
}
