import Foundation
import HTTPClient
import RunStore

/// The lists part of a run, inside its staging folder: `/configuration` and the genre names, then every page of
/// every request, its details and its posters, through one ``WorkLoop`` driven by a ``JobSchedule``, into
/// ``ListTables``.
final class ListRun {
    private var schedule: JobSchedule
    private let loop: WorkLoop<JobSchedule>
    private let tables: ListTables
    private let staging: StagingRun
    private let onEvent: @Sendable (ExportEvent) -> Void
    private var loopStarted = ContinuousClock.now

    init(
        job: Job, api: APIClient, concurrency: Int, posters: Job.PosterSettings?, options: ExportOptions,
        staging: StagingRun, store: PosterStore?, controls: LoopControls,
        makeImageClient: @escaping @Sendable (URL) -> APIClient, onEvent: @escaping @Sendable (ExportEvent) -> Void
    ) {
        schedule = JobSchedule(
            job: job, api: api, concurrency: concurrency, posters: posters,
            reorderWindow: max(2, concurrency * options.reorderWindowFactor), strict: options.strict,
            makeImageClient: makeImageClient)
        let performer = WorkPerformer(
            job: job, api: api, pageCache: staging.pageCache,
            posters: store.map { PosterDownload(store: $0, concurrency: posters?.concurrency ?? 1) })
        loop = controls.loop(performer.perform)
        tables = ListTables(job: job, directory: staging.directory, posterSize: posters?.size)
        self.staging = staging
        self.onEvent = onEvent
    }

    /// Whether setup answered: a run stopped before it has nothing worth resuming.
    var isSetUp: Bool { schedule.setup != nil }
    /// The image CDN's client setup made; the catalogues' posters use it too.
    var imageClient: APIClient? { schedule.setup?.imageClient }
    /// Whether an item of a list could not be read (what `--strict` refuses).
    var rejectedItems: Bool { schedule.lists.contains { $0.itemsRejected > 0 } }

    /// Runs setup and every list to the end.
    func run() async throws(ExportError) {
        loopStarted = .now
        let (tables, staging, onEvent) = (tables, staging, onEvent)
        try await loop.run(&schedule) { effect throws(ExportError) in
            switch effect {
            case .setupCompleted(let setup):
                onEvent(.started(runID: staging.runID, stagingDirectory: staging.directory, resumed: staging.resumed))
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
    }

    /// Completes the tables' files.
    func finish() throws(ExportError) { try tables.finish() }

    /// Drops the tables' unfinished files.
    func discard() { tables.discard() }

    /// What the loop did, `finish` being the time the run took to finish its files.
    func outcome(finish: Duration) -> RunOutcome { schedule.outcome(setupStarted: loopStarted, finish: finish) }

    /// Adds the lists as far as they got to the run's record; a finished run's also names its rejected items' file.
    func add(to record: inout RunRecord, finished: Bool) {
        record.add(
            lists: Manifest.RequestSummary.of(schedule.lists, tables.writers),
            imageBaseURL: imageClient.map { URLRedaction.redact($0.baseURL) },
            rejectedFile: finished ? tables.rejectedFile : nil)
    }
}
