import Foundation
import HTTPClient
import TMDBAPI

/// Runs a job: fetches `/configuration` and the genre names once (together, in one round trip, with the first list
/// pages: see ``FirstWave``), then every page of every request through one sliding window of at most `concurrency`
/// API requests, with posters downloading in a lane of their own as soon as their page is decoded.
///
/// Nightly-safe: the run is written under `staging/<run-id>/` and renamed into `runs/` only when complete; `latest`
/// is switched by an atomic symlink rename only after that. Every file goes through a temporary name. A stopped or
/// crashed run leaves its staging folder, with the pages it fetched, for `--resume`.
public struct Exporter: Sendable {
    /// The TMDB API client (base URL, credentials, transport, retry policy, rate limiter).
    public var api: APIClient
    /// The transport for image downloads; the image client never carries credentials.
    public var imageTransport: any HTTPTransport
    /// Output and override settings.
    public var options: ExportOptions
    /// Asks a running export to drain and stop (signals).
    public var stop: StopRequest?
    /// Receives progress events; called from the run's own task, one at a time.
    public var onEvent: @Sendable (ExportEvent) -> Void

    /// Creates an exporter.
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
    /// - Returns: the report; its manifest's status is `complete` or `partial`.
    /// - Throws: ``ExportError`` when the run had to stop: rejected credentials, no configuration, a bad poster
    ///   size, a write failure, a stop request or another run holding the job's lock. `latest` and earlier runs are
    ///   never touched then.
    public func run(_ job: Job) async throws(ExportError) -> ExportReport {
        let started = Date()
        let layout = OutputLayout(root: options.outputRoot, jobName: job.name)
        let concurrency = options.concurrency ?? job.concurrency
        let posterSettings = options.postersEnabled ? job.posters : nil

        // One limit holds the job's concurrency on the wire for the whole run: setup requests and the first wave of
        // pages together, then the window's.
        let windowAPI = APIClient(
            baseURL: api.baseURL, credentials: api.credentials, transport: api.transport, userAgent: api.userAgent,
            timeout: api.timeout, retryPolicy: api.retryPolicy, rateLimiter: api.rateLimiter,
            maximumInFlight: concurrency, metrics: api.metrics, errorMessage: api.errorMessage, sleep: api.sleep)
        let reorderWindow = max(2, concurrency * options.reorderWindowFactor)
        let resumeKey = Self.resumeKey(job, posterSize: posterSettings?.size)
        // A run to resume may hold the first pages already: then none are sent before the window looks.
        let mayResume = options.resume && Self.unfinishedRun(layout: layout, resumeKey: resumeKey) != nil
        let setupStarted = ContinuousClock.now
        let (setup, firstWave) = try await fetchSetup(
            job: job, posterSettings: posterSettings, api: windowAPI,
            firstWavePages: mayResume ? 0 : concurrency - JobPlan.setupRequests(for: job), reorderWindow: reorderWindow)
        let setupDuration = ContinuousClock.now - setupStarted
        return try await firstWave.draining { () async throws(ExportError) -> ExportReport in
            let lock = try JobLock(jobDirectory: layout.jobDirectory)
            defer { withExtendedLifetime(lock) {} }
            let store = posterSettings.map { PosterStore(layout: layout, size: $0.size) }

            let resumedID = options.resume ? Self.unfinishedRun(layout: layout, resumeKey: resumeKey) : nil
            let runID = resumedID ?? RunID.unique(for: started, notIn: [layout.runsDirectory, layout.stagingDirectory])
            let staging = layout.stagingRunDirectory(runID)
            let cache = PageCache(stagingRun: staging)
            let keyPath = (staging as NSString).appendingPathComponent("resume-key")
            do throws(OutputError) {
                try FileSystem.createDirectory(staging)
                try FileSystem.createDirectory(layout.runsDirectory)
                try store?.prepare()
                // A process killed mid-write leaves temporary files; nothing reads them, so clear them out.
                for directory in [staging, layout.jobDirectory, layout.runsDirectory] + (store.map { [$0.directory] } ?? []) {
                    AtomicFileWriter.removeLeftovers(in: directory)
                }
                try cache.prepare(slugs: job.requests.map(\.slug))
                try AtomicFileWriter.write(Data(resumeKey.utf8), to: keyPath, sync: false)
            } catch {
                throw .output(error)
            }
            onEvent(.started(runID: runID, stagingDirectory: staging, resumed: resumedID != nil))

            var assemblers: [RequestAssembler] = []
            do throws(OutputError) {
                for request in job.requests {
                    assemblers.append(
                        try RequestAssembler(
                            request: request, directory: staging, formats: job.formats,
                            genreNames: setup.genreNames[request.source.mediaType] ?? [:], posterSize: posterSettings?.size))
                }
            } catch {
                assemblers.forEach { $0.discard() }
                throw .output(error)
            }

            // The window queues twice as many tasks as each lane's concurrency, so pages are decoded and posters saved
            // while the next requests are already out; the limits keep exactly the concurrency on the wire.
            let window = JobWindow(
                job: job, api: windowAPI, imageClient: setup.imageClient, store: store,
                apiConcurrency: concurrency, posterConcurrency: posterSettings?.concurrency ?? 1,
                reorderWindow: reorderWindow, pageCache: cache, firstWave: firstWave, stop: stop, onEvent: onEvent)
            let draft = ManifestDraft(
                job: job, runID: runID, resumed: resumedID != nil, started: started, api: api, setup: setup,
                setupDuration: setupDuration, concurrency: concurrency, posterSize: posterSettings?.size,
                toolVersion: options.toolVersion)
            let outcome: JobWindow.Outcome
            do throws(ExportError) {
                outcome = try await window.run(assemblers)
            } catch {
                assemblers.forEach { $0.discard() }
                let status: Manifest.Status = if case .interrupted = error { .interrupted } else { .failed }
                // Best effort: the staging manifest says why this run stopped; the error itself is what matters.
                let manifest = draft.manifest(status: status, requests: assemblers.map(\.summary), outcome: nil)
                if let data = try? manifest.encoded() {
                    try? AtomicFileWriter.write(data, to: (staging as NSString).appendingPathComponent("manifest.json"))
                }
                throw error
            }

            let status: Manifest.Status = outcome.failures.isEmpty ? .complete : .partial
            let manifest = draft.manifest(status: status, requests: assemblers.map(\.summary), outcome: outcome)
            let runDirectory = layout.runDirectory(runID)
            let publish = status == .complete || options.allowPartial
            var pruned: [String] = []
            do throws(OutputError) {
                try cache.remove()
                try FileSystem.remove(keyPath)
                try AtomicFileWriter.write(try Self.encode(manifest), to: (staging as NSString).appendingPathComponent("manifest.json"))
                try FileSystem.rename(staging, to: runDirectory)
                if publish {
                    try FileSystem.replaceSymlink(layout.latestLink, target: "runs/\(runID)")
                    if let keep = options.keep { pruned = try RunPruner(layout: layout).prune(keeping: keep) }
                }
            } catch {
                throw .output(error)
            }
            return ExportReport(
                manifest: manifest, runDirectory: runDirectory, publishedAsLatest: publish,
                jobDirectory: layout.jobDirectory, prunedRuns: pruned)
        }
    }

    /// What must match for `--resume` to reuse an unfinished run's pages: the same lists, pages, language, region,
    /// formats and poster size.
    static func resumeKey(_ job: Job, posterSize: String?) -> String {
        let requests = job.requests.map { request in
            var text = "\(request.slug):\(request.source)=\(request.pages)"
            if request.details { text += "+details" }
            return text
        }.joined(separator: ",")
        return "v3 requests=\(requests) language=\(job.language) region=\(job.region ?? "-") "
            + "formats=\(job.formats.map(\.rawValue).joined(separator: ",")) posters=\(posterSize ?? "-")\n"
    }

    /// The newest staging run of this job with a matching resume key, if any.
    static func unfinishedRun(layout: OutputLayout, resumeKey: String) -> String? {
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: layout.stagingDirectory)) ?? [])
            .filter { !AtomicFileWriter.isTemporaryName($0) }.sorted(by: >)
        return ids.first { id in
            let path = (layout.stagingRunDirectory(id) as NSString).appendingPathComponent("resume-key")
            return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } == resumeKey
        }
    }

    private static func encode(_ manifest: Manifest) throws(OutputError) -> Data {
        do { return try manifest.encoded() } catch {
            throw OutputError(operation: "encode", path: "manifest.json", reason: "\(error)")
        }
    }

    /// The setup failure to report, given each request's error (nil where it succeeded), in request order: the
    /// first that is not a request left unsent because another's 401 halted the limit.
    static func setupFailure(_ errors: [ClientError?]) -> ClientError? {
        let failures = errors.compactMap { $0 }
        return failures.first { $0.reason != .notSent } ?? failures.first
    }

    /// What a run learns before fetching lists.
    struct Setup: Sendable {
        var genreNames: [MediaType: [Int: String]]
        var imageClient: APIClient?
    }

    /// Fetches `/configuration` and the genre lists the job needs, all at once, and sends the first
    /// `firstWavePages` pages right behind them (see ``FirstWave``): `api`'s in-flight limit keeps them all within
    /// the job's concurrency (at 1 the setup requests go one after the other). A 401 halts that limit, so a request
    /// still waiting for a slot is not sent; the error reported is the first setup error, in request order, that is
    /// not such a request's. When setup fails, the first wave is cancelled.
    private func fetchSetup(
        job: Job, posterSettings: Job.PosterSettings?, api: APIClient, firstWavePages: Int, reorderWindow: Int
    ) async throws(ExportError) -> (Setup, FirstWave) {
        let media = Set(job.requests.map(\.source.mediaType))
        async let configurationAnswer = api.result(of: TMDB.Configuration())
        async let movieGenresAnswer =
            media.contains(.movie) ? api.result(of: TMDB.MovieGenres(language: job.language)) : nil
        async let tvGenresAnswer = media.contains(.tv) ? api.result(of: TMDB.TVGenres(language: job.language)) : nil
        let firstWave = FirstWave(job: job, count: firstWavePages, reorderWindow: reorderWindow, api: api)
        let (configurationResult, movieGenres, tvGenres) = await (configurationAnswer, movieGenresAnswer, tvGenresAnswer)
        do throws(ExportError) {
            let setup = try setup(
                posterSettings: posterSettings, api: api, configuration: configurationResult, movieGenres: movieGenres,
                tvGenres: tvGenres)
            return (setup, firstWave)
        } catch {
            await firstWave.cancelUntaken()
            throw error
        }
    }

    /// What setup's answers tell the run, or why it cannot go on.
    private func setup(
        posterSettings: Job.PosterSettings?, api: APIClient, configuration configurationResult: Result<APIConfiguration, ClientError>,
        movieGenres: Result<GenreList, ClientError>?, tvGenres: Result<GenreList, ClientError>?
    ) throws(ExportError) -> Setup {
        let configuration: APIConfiguration
        var genres: [MediaType: [Int: String]] = [:]
        do throws(ClientError) {
            if let failure = Self.setupFailure([configurationResult.failure, movieGenres?.failure, tvGenres?.failure]) {
                throw failure
            }
            configuration = try configurationResult.get()
            if let movieGenres { genres[.movie] = try movieGenres.get().namesByID }
            if let tvGenres { genres[.tv] = try tvGenres.get().namesByID }
        } catch {
            if case .cancelled = error.reason { throw .interrupted }
            throw error.isAuthenticationFailure ? .authentication(error) : .setup(error)
        }
        var imageClient: APIClient?
        if let posterSettings {
            guard configuration.images.posterSizes.contains(posterSettings.size) else {
                throw .invalidPosterSize(posterSettings.size, offered: configuration.images.posterSizes)
            }
            guard let base = configuration.imageBaseURL else {
                throw .setup(
                    ClientError(
                        endpoint: TMDB.Configuration().logDescription,
                        reason: .decoding("images.secure_base_url: not a URL", bodyPrefix: "")))
            }
            // The CDN gets the same retry policy, but no credentials and no share of the API's rate budget.
            imageClient = APIClient(
                baseURL: base, credentials: nil, transport: imageTransport, userAgent: api.userAgent,
                timeout: api.timeout, retryPolicy: api.retryPolicy, maximumInFlight: posterSettings.concurrency,
                errorMessage: api.errorMessage, sleep: api.sleep)
        }
        return Setup(genreNames: genres, imageClient: imageClient)
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
    var setup: Exporter.Setup
    var setupDuration: Duration
    var concurrency: Int
    var posterSize: String?
    var toolVersion: String

    func manifest(status: Manifest.Status, requests: [Manifest.RequestSummary], outcome: JobWindow.Outcome?)
        -> Manifest
    {
        let finished = Date()
        let apiCounts = api.metrics.snapshot
        let imageCounts = setup.imageClient?.metrics.snapshot
        return Manifest(
            job: job.name, runID: runID, resumed: resumed, status: status, startedAt: Manifest.timestamp(started),
            finishedAt: Manifest.timestamp(finished),
            elapsedSeconds: Self.milliseconds(finished.timeIntervalSince(started)),
            timings: outcome.map { outcome in
                func span(_ start: ContinuousClock.Instant?, _ end: ContinuousClock.Instant?) -> Double {
                    guard let start, let end else { return 0 }
                    return Self.milliseconds((end - start).seconds)
                }
                return Manifest.Timings(
                    setupSeconds: Self.milliseconds(setupDuration.seconds),
                    listsSeconds: span(outcome.listsStarted, outcome.listsEnded),
                    postersSeconds: span(outcome.postersStarted, outcome.postersEnded),
                    finishSeconds: Self.milliseconds(outcome.finish.seconds))
            },
            toolVersion: toolVersion, apiBaseURL: URLRedaction.redact(api.baseURL),
            imageBaseURL: setup.imageClient.map { URLRedaction.redact($0.baseURL) }, language: job.language,
            region: job.region, posterSize: posterSize, concurrency: concurrency, requests: requests,
            failures: outcome?.failures ?? [], posterFiles: posterSize == nil ? nil : outcome?.posterFiles,
            apiRequests: apiCounts.requests, apiRetries: apiCounts.retries, throttled: apiCounts.throttled,
            posterRequests: imageCounts?.requests ?? 0, posterRetries: imageCounts?.retries ?? 0,
            unsafePosterPaths: outcome?.unsafePosterPaths ?? [])
    }
}
