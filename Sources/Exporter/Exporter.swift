import Foundation
import HTTPClient
import TMDBAPI

/// Runs a job: fetches `/configuration` and the genre names once, then every page of every request through one
/// sliding window of at most `concurrency` API requests, with posters downloading in a lane of their own as soon
/// as their page is decoded. Writes the run under `staging/`, renames it into `runs/` and points `latest` at it.
public struct Exporter: Sendable {
    /// The TMDB API client (base URL, credentials, transport).
    public var api: APIClient
    /// The transport for image downloads; the image client never carries credentials.
    public var imageTransport: any HTTPTransport
    /// Output and override settings.
    public var options: ExportOptions
    /// Receives progress events; called from the run's own task, one at a time.
    public var onEvent: @Sendable (ExportEvent) -> Void

    /// Creates an exporter.
    public init(
        api: APIClient, imageTransport: any HTTPTransport, options: ExportOptions = ExportOptions(),
        onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) {
        self.api = api
        self.imageTransport = imageTransport
        self.options = options
        self.onEvent = onEvent
    }

    /// Runs the job to the end.
    /// - Returns: the report; its manifest's status is `complete` or `partial`.
    /// - Throws: ``ExportError`` when the run had to stop: rejected credentials, no configuration, a bad poster
    ///   size, a write failure or cancellation. `latest` and earlier runs are never touched then.
    public func run(_ job: Job) async throws(ExportError) -> ExportReport {
        let started = Date()
        let layout = OutputLayout(root: options.outputRoot, jobName: job.name)
        let concurrency = options.concurrency ?? job.concurrency
        let posterSettings = options.postersEnabled ? job.posters : nil

        let setup = try await fetchSetup(job: job, posterSettings: posterSettings)
        let store = posterSettings.map { PosterStore(layout: layout, size: $0.size) }

        let runID = RunID.unique(for: started, notIn: [layout.runsDirectory, layout.stagingDirectory])
        let staging = layout.stagingRunDirectory(runID)
        do {
            try FileSystem.createDirectory(staging)
            try FileSystem.createDirectory(layout.runsDirectory)
            try store?.prepare()
        } catch {
            throw .output(error)
        }
        onEvent(.started(runID: runID, stagingDirectory: staging))

        var assemblers: [RequestAssembler] = []
        do {
            for request in job.requests {
                assemblers.append(
                    try RequestAssembler(
                        request: request, directory: staging, formats: job.formats, genreNames: setup.genreNames,
                        posterSize: posterSettings?.size))
            }
        } catch {
            assemblers.forEach { $0.discard() }
            throw .output(error)
        }

        let window = JobWindow(
            job: job, api: api, imageClient: setup.imageClient, store: store,
            apiConcurrency: concurrency, posterConcurrency: posterSettings?.concurrency ?? 1,
            reorderWindow: max(2, concurrency * options.reorderWindowFactor), onEvent: onEvent)
        let outcome: JobWindow.Outcome
        do {
            outcome = try await window.run(assemblers)
        } catch {
            assemblers.forEach { $0.discard() }
            let status: Manifest.Status = if case .interrupted = error { .interrupted } else { .failed }
            let manifest = makeManifest(
                job: job, runID: runID, status: status, started: started, setup: setup, concurrency: concurrency,
                posterSize: posterSettings?.size, requests: assemblers.map(\.summary), counts: nil)
            try? AtomicFileWriter.write(try manifest.encoded(), to: (staging as NSString).appendingPathComponent("manifest.json"))
            throw error
        }

        let status: Manifest.Status = outcome.failures.isEmpty ? .complete : .partial
        let manifest = makeManifest(
            job: job, runID: runID, status: status, started: started, setup: setup, concurrency: concurrency,
            posterSize: posterSettings?.size, requests: assemblers.map(\.summary), counts: outcome)
        let runDirectory = layout.runDirectory(runID)
        let publish = status == .complete || options.allowPartial
        do {
            let data = try manifestData(manifest)
            try AtomicFileWriter.write(data, to: (staging as NSString).appendingPathComponent("manifest.json"))
            try FileSystem.rename(staging, to: runDirectory)
            if publish { try FileSystem.replaceSymlink(layout.latestLink, target: "runs/\(runID)") }
        } catch {
            throw .output(error)
        }
        return ExportReport(
            manifest: manifest, runDirectory: runDirectory, publishedAsLatest: publish,
            jobDirectory: layout.jobDirectory)
    }

    private func manifestData(_ manifest: Manifest) throws(OutputError) -> Data {
        do { return try manifest.encoded() } catch {
            throw OutputError(operation: "encode", path: "manifest.json", reason: "\(error)")
        }
    }

    /// What a run learns before fetching lists.
    struct Setup: Sendable {
        var genreNames: [Int: String]
        var imageClient: APIClient?
    }

    private func fetchSetup(job: Job, posterSettings: Job.PosterSettings?) async throws(ExportError) -> Setup {
        let configuration: APIConfiguration
        let genres: GenreList
        do throws(ClientError) {
            // One after the other: the job's concurrency bound holds for the whole run, even at 1.
            configuration = try await api.send(TMDB.Configuration())
            genres = try await api.send(TMDB.MovieGenres(language: job.language))
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
                baseURL: base, credentials: nil, transport: imageTransport, timeout: api.timeout,
                retryPolicy: api.retryPolicy, sleep: api.sleep)
        }
        return Setup(genreNames: genres.namesByID, imageClient: imageClient)
    }

    private func makeManifest(
        job: Job, runID: String, status: Manifest.Status, started: Date, setup: Setup, concurrency: Int,
        posterSize: String?, requests: [Manifest.RequestSummary], counts: JobWindow.Outcome?
    ) -> Manifest {
        let finished = Date()
        return Manifest(
            job: job.name, runID: runID, status: status, startedAt: Manifest.timestamp(started),
            finishedAt: Manifest.timestamp(finished), elapsedSeconds: (finished.timeIntervalSince(started) * 1000).rounded() / 1000,
            toolVersion: ToolVersion.current, apiBaseURL: URLRedaction.redact(api.baseURL),
            imageBaseURL: setup.imageClient.map { URLRedaction.redact($0.baseURL) }, language: job.language,
            region: job.region, posterSize: posterSize, concurrency: concurrency, requests: requests,
            failures: counts?.failures ?? [], posterFiles: posterSize == nil ? nil : counts?.posterFiles,
            apiRequests: api.metrics.snapshot.requests, apiRetries: api.metrics.snapshot.retries,
            throttled: api.metrics.snapshot.throttled,
            posterRequests: setup.imageClient?.metrics.snapshot.requests ?? 0,
            posterRetries: setup.imageClient?.metrics.snapshot.retries ?? 0,
            unsafePosterPaths: counts?.unsafePosterPaths ?? [])
    }
}
