import Foundation
import HTTPClient
import TMDBAPI

/// The catalogue part of a run, inside its staging folder: each catalogue's ID export read and filtered, then every
/// id's details fetched through one ``WorkLoop`` driven by a ``CatalogueSchedule``, written in id order into
/// ``CatalogueTableFiles`` with a checkpoint after each step, so a killed run resumes where its files end.
struct CatalogueRun {
    var job: Job
    /// The API client, limited to the run's concurrency.
    var api: APIClient
    /// A credential-free client for the export files (`--files-base-url`).
    var files: APIClient
    var concurrency: Int
    /// Most ids sent past the first one not yet written.
    var window: Int
    /// The staging run's folder.
    var directory: String
    /// The time the export day is resolved against.
    var now: Date
    var stop: StopRequest?
    var stallLimit: Duration?
    var clock: ElapsedClock
    var onEvent: @Sendable (ExportEvent) -> Void
    /// The job's poster folder and settings, when posters are on; catalogues use them only with `"posters": true`.
    var posterStore: PosterStore?
    var posterSettings: Job.PosterSettings?
    /// The image CDN's client the lists' setup made, if the job had lists; else one is made from `/configuration`.
    var imageClient: APIClient?
    var makeImageClient: @Sendable (URL) -> APIClient

    /// What the catalogues produced, for the manifest.
    struct Outcome {
        var summaries: [Manifest.CatalogueSummary]
        var failures: [Manifest.Failure]
    }

    /// The poster folder and image client, when a catalogue asks for posters and the job's posters are on: the
    /// lists' image client, or one made from `/configuration` with the same checks the lists' setup makes.
    private func preparePosters() async throws(ExportError) -> CataloguePosters? {
        guard job.catalogue.contains(where: \.posters), let posterStore, let posterSettings else { return nil }
        if let imageClient { return CataloguePosters(store: posterStore, client: imageClient) }
        let configuration: APIConfiguration
        switch await api.result(of: TMDB.Configuration()) {
        case .success(let answer):
            configuration = answer
        case .failure(let error):
            if case .stopRun(let stop) = FailureDisposition(error) { throw stop }
            throw .setup(error)
        }
        let client = try SetupProgress.imageClient(
            from: configuration, posters: posterSettings, make: makeImageClient)
        return CataloguePosters(store: posterStore, client: client)
    }

    func run() async throws(ExportError) -> Outcome {
        let idsDirectory = (directory as NSString).appendingPathComponent("ids")
        do throws(OutputError) { try FileSystem.createDirectory(idsDirectory) } catch { throw .output(error) }
        var exports: [SelectedExport] = []
        for request in job.catalogue {
            let export = try await SelectedExport.fetch(
                request, files: files, directory: idsDirectory, now: now)
            if let missing = export.missingDay {
                onEvent(
                    .notice(
                        "the \(request.type.rawValue) ID export of \(missing) is not published (404); "
                            + "read \(export.day)'s instead"))
            }
            exports.append(export)
        }
        let encoders = job.catalogue.map { request in
            CatalogueRowEncoder(
                type: request.type, appending: Set(request.append), csv: job.formats.contains(.csv),
                ndjson: job.formats.contains(.ndjson))
        }
        let tables: CatalogueTableFiles
        do throws(OutputError) {
            tables = try CatalogueTableFiles(
                directory: directory, catalogues: zip(job.catalogue, encoders).map { ($0.type, $1.tables) },
                formats: job.formats)
        } catch {
            throw .output(error)
        }
        let lanes = job.catalogue.indices.map { index in
            CatalogueSchedule.Lane(
                type: job.catalogue[index].type, ids: exports[index].ids, next: tables.startPositions[index],
                frontier: tables.startPositions[index], counts: tables.startCounts[index])
        }
        let remaining = lanes.reduce(0) { $0 + $1.ids.count - $1.frontier }
        onEvent(.planned(pages: 0, details: remaining, posters: 0))
        let posters = try await preparePosters()
        // A child task holds its place while it downloads its id's poster; the API client's own limit keeps the API
        // requests on the wire at `concurrency`, so the posters get places of their own.
        var schedule = CatalogueSchedule(
            lanes: lanes, concurrency: concurrency + (posters == nil ? 0 : posterSettings?.concurrency ?? 0),
            window: window)
        let performer = CataloguePerformer(
            api: api, language: job.language, catalogues: job.catalogue, encoders: encoders, posters: posters)
        let activity = api.activity
        let loop = WorkLoop<CatalogueSchedule>(
            perform: performer.perform, stop: stop, stallLimit: stallLimit,
            waiting: {
                let now = ContinuousClock.now
                return activity.waits(at: now).prefix(5).map { $0.description(at: now) }
            }, clock: clock)
        try await loop.run(&schedule) { effect throws(ExportError) in
            do throws(OutputError) {
                switch effect {
                case .write(let catalogue, let rows): try tables.write(rows, catalogue: catalogue)
                case .failure(let failure): try tables.recordFailure(failure)
                case .checkpoint(let positions, let counts): try tables.checkpoint(positions: positions, counts: counts)
                case .event(let event): onEvent(event)
                }
            } catch {
                throw .output(error)
            }
        }
        guard schedule.isFinished else { throw .interrupted }
        let finished: (files: [[Manifest.DataFile]], failures: [Manifest.Failure])
        do throws(OutputError) { finished = try tables.finish() } catch { throw .output(error) }
        let summaries = job.catalogue.indices.map { index in
            let request = job.catalogue[index]
            let export = exports[index]
            let counts = schedule.lanes[index].counts
            return Manifest.CatalogueSummary(
                type: request.type.rawValue, append: request.append.map(\.rawValue),
                exportDateRequested: request.exportDate.description, exportDate: "\(export.day)",
                exportDateMissing: export.missingDay.map { "\($0)" }, exportFiles: export.fileNames,
                idsInExport: export.counts.lines, idsDroppedAsAdult: export.counts.adult,
                idsBelowMinPopularity: export.counts.belowMinimumPopularity, idsCutByLimit: export.counts.cutByLimit,
                duplicateIDsInExport: export.counts.duplicates, idsPlanned: export.ids.count,
                idsFetched: counts.fetched,
                idsRemoved: counts.removed, idsFailed: counts.failed,
                posters: request.posters && posters != nil ? schedule.lanes[index].posters : nil,
                files: finished.files[index])
        }
        return Outcome(summaries: summaries, failures: finished.failures)
    }
}
