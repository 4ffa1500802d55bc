import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// The catalogue part of a run, inside its staging folder: each catalogue's ID export read and filtered, a
/// ``NightPlan`` made (everything, or on top of the previous snapshot only what is new or changed), then those ids'
/// details fetched through one ``WorkLoop`` driven by a ``CatalogueSchedule``, written in id order into
/// ``CatalogueTableFiles`` with a checkpoint after each step, so a killed run resumes where its files end; an
/// incremental catalogue is then merged with the previous snapshot (``SnapshotMerge``).
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
    /// The time an answer arrived (`fetched_at`, `votes_at`): the clock's, or ``now`` when the run was given a date.
    var answeredAt: @Sendable () -> Date
    /// The stop request, stall limit and clock every loop of the catalogues runs under: the night's planning
    /// (change feeds, discover pages) and the details alike.
    var controls: LoopControls
    var onEvent: @Sendable (ExportEvent) -> Void
    /// The job's poster folder and settings, when posters are on; catalogues use them only with `"posters": true`.
    var posters: PosterSource?
    /// `latest`'s snapshot, the base of incremental catalogues; nil when there is none, or why it cannot be read.
    var previous: Result<PreviousSnapshot?, FullRunReason>
    /// `--full`: fetch every catalogue whole.
    var forceFull: Bool
    /// `--accept-drop`: let tonight's exports through the ``DropGuard``.
    var acceptDrop: Bool = false
    /// The shard whose ids this run fetches; nil for all.
    var shard: Shard?

    /// Where the catalogues' posters go and come from, when the job's posters are on.
    struct PosterSource {
        var store: PosterStore
        var settings: Job.PosterSettings
        /// The image CDN's client the lists' setup made, if the job had lists; else one is made from
        /// `/configuration`.
        var imageClient: APIClient?
        var makeImageClient: @Sendable (URL) -> APIClient
    }

    /// What the catalogues produced, for the manifest.
    struct Outcome {
        var summaries: [Manifest.CatalogueSummary]
        var failures: [Manifest.Failure]
        /// The catalogues whose failed ids are more than their `maxFailedPercent` of tonight's details requests: the
        /// night is partial.
        var overFailureLimit: [CatalogueType] = []
    }

    /// The poster folder and image client, when a catalogue asks for posters and the job's posters are on: the
    /// lists' image client, or one made from `/configuration` with the same checks the lists' setup makes.
    private func preparePosters() async throws(ExportError) -> CataloguePosters? {
        guard job.catalogue.contains(where: \.posters), let source = self.posters else { return nil }
        let download = PosterDownload(store: source.store, concurrency: source.settings.concurrency)
        if let imageClient = source.imageClient { return CataloguePosters(download: download, client: imageClient) }
        let configuration: APIConfiguration
        switch await api.result(of: TMDB.Configuration()) {
        case .success(let answer):
            configuration = answer
        case .failure(let error):
            if case .stopRun(let stop) = FailureDisposition(error) { throw stop }
            throw .setup(error)
        }
        let client = try ImageBaseURL.client(
            from: configuration, posters: source.settings, make: source.makeImageClient)
        return CataloguePosters(download: download, client: client)
    }

    func run() async throws(ExportError) -> Outcome {
        let idsDirectory = (directory as NSString).appendingPathComponent(SnapshotLayout.exportFolder)
        do throws(OutputError) { try FileSystem.createDirectory(idsDirectory) } catch { throw .output(error) }
        let planner = NightPlanner(
            job: job, api: api, previous: previous, forceFull: forceFull, acceptDrop: acceptDrop,
            today: ExportDay(dayOf: now),
            shard: shard, window: concurrency, controls: controls, answeredAt: answeredAt, onEvent: onEvent)
        let follow = CreditFollow(job: job)
        var exportsByIndex: [Int: SelectedExport] = [:]
        var plansByIndex: [Int: NightPlan] = [:]
        for index in CreditFollow.planningOrder(job) {
            let request = job.catalogue[index]
            let export = try await SelectedExport.fetch(
                request, files: files, directory: idsDirectory, now: now, shard: shard)
            if let missing = export.missingDay {
                onEvent(
                    .notice(
                        "the \(request.type.rawValue) ID export of \(missing) is not published (404); "
                            + "read \(export.day)'s instead"))
            }
            exportsByIndex[index] = export
            if let kept = NightPlan.read(type: request.type, in: directory) {
                plansByIndex[index] = kept
            } else {
                let fullBecause = follow.flatMap {
                    $0.person == index ? $0.fullReason(titlePlans: plansByIndex, job: job) : nil
                }
                let plan: NightPlan
                do throws(ExportError) {
                    plan = try await planner.plan(request, tonight: export, fullBecause: fullBecause)
                } catch {
                    if case .unexpectedDrop = error {
                        // A refused export is not kept: the next night (`--resume` or not) downloads the day's file
                        // afresh instead of reading the refused one again.
                        for name in export.fileNames {
                            try? FileSystem.remove((idsDirectory as NSString).appendingPathComponent(name))
                        }
                    }
                    throw error
                }
                do throws(OutputError) { try plan.write(type: request.type, in: directory) } catch {
                    throw .output(error)
                }
                plansByIndex[index] = plan
            }
        }
        let exports = job.catalogue.indices.map { exportsByIndex[$0]! }
        var plans = job.catalogue.indices.map { plansByIndex[$0]! }
        let encoders = job.catalogue.map { request in
            CatalogueRowEncoder(
                type: request.type, appending: Set(request.append), csv: job.formats.contains(.csv),
                ndjson: job.formats.contains(.ndjson))
        }
        let tables: CatalogueTableFiles
        do throws(OutputError) {
            tables = try CatalogueTableFiles(
                directory: directory,
                catalogues: job.catalogue.indices.map { index in
                    (
                        job.catalogue[index].type, encoders[index].tables,
                        plans[index].basedOnRun == nil ? .snapshot : .upserts
                    )
                }, formats: job.formats)
        } catch {
            throw .output(error)
        }
        // People who follow the titles' credits wait with an empty lane until the titles are written.
        let waiting = follow.flatMap { $0.isPending(plans) ? $0.person : nil }
        let lanes = job.catalogue.indices.map { index in
            CatalogueSchedule.Lane(
                type: job.catalogue[index].type,
                ids: index == waiting
                    ? CatalogueIDs([]) : plans[index].fetch.map(CatalogueIDs.init) ?? exports[index].ids,
                next: tables.startPositions[index], frontier: tables.startPositions[index],
                counts: tables.startCounts[index])
        }
        let remaining = lanes.reduce(0) { $0 + $1.ids.count - $1.frontier }
        onEvent(.planned(pages: 0, details: remaining, posters: 0))
        let posterClient = try await preparePosters()
        let performer = CataloguePerformer(
            api: api, language: job.language, catalogues: job.catalogue, encoders: encoders,
            popularity: exports.map(\.popularity), answeredAt: answeredAt, posters: posterClient)
        // A child task holds its place while it downloads its id's poster; the API client's own limit keeps the API
        // requests on the wire at `concurrency`, so the posters get places of their own.
        let places = concurrency + (posterClient == nil ? 0 : self.posters?.settings.concurrency ?? 0)
        var schedule = try await fetch(lanes, places: places, performer: performer, into: tables)
        if let follow, let waiting {
            guard case .success(let snapshot?) = previous else { throw .interrupted }
            let format = job.formats[0]
            let moved: [UInt32]
            do throws(OutputError) {
                moved = try await follow.movedPeople(
                    plans: plans, snapshot: snapshot, directory: directory, format: format,
                    selection: exports[waiting].ids)
            } catch {
                throw .output(error)
            }
            var fetch = (plans[waiting].fetch ?? []) + moved
            fetch.sort()
            plans[waiting].fetch = fetch
            plans[waiting].movedCredits = moved
            plans[waiting].carriedOver -= moved.count
            do throws(OutputError) { try plans[waiting].write(type: .person, in: directory) } catch {
                throw .output(error)
            }
            onEvent(
                .notice(
                    "person catalogue: \(moved.count) people whose credits moved in tonight's titles are fetched "
                        + "again; fetching \(fetch.count) people"))
            var lanes = schedule.lanes
            lanes[waiting].ids = CatalogueIDs(fetch)
            // The night's whole count, the titles already written included, so progress keeps one total.
            onEvent(.planned(pages: 0, details: remaining + fetch.count, posters: 0))
            schedule = try await self.fetch(lanes, places: places, performer: performer, into: tables)
        }
        let finished: (files: [[Manifest.DataFile]], failures: [Manifest.Failure])
        do throws(OutputError) { finished = try await tables.finish() } catch { throw .output(error) }
        var summaries: [Manifest.CatalogueSummary] = []
        for index in job.catalogue.indices {
            let request = job.catalogue[index]
            let export = exports[index]
            let counts = schedule.lanes[index].counts
            var summary = Manifest.CatalogueSummary(
                type: request.type, append: request.append.map(\.rawValue), adult: request.adult,
                minPopularity: request.minPopularity, limit: request.limit,
                exportDateRequested: request.exportDate.description, exportDate: "\(export.day)",
                exportDateMissing: export.missingDay.map { "\($0)" }, exportFiles: export.fileNames,
                keptExportFiles: export.keptFiles,
                idsInExport: export.counts.lines, idsDroppedAsAdult: export.counts.adult,
                idsBelowMinPopularity: export.counts.belowMinimumPopularity, idsCutByLimit: export.counts.cutByLimit,
                duplicateIDsInExport: export.counts.duplicates, idsPlanned: export.ids.count,
                idsFetched: counts.fetched,
                idsRemoved: counts.removed, idsFailed: counts.failed,
                posters: request.posters && posterClient != nil ? schedule.lanes[index].posters : nil,
                files: finished.files[index])
            summary.imageLanguages = request.recordedImageLanguages
            summary.valueRepairs = schedule.lanes[index].repairs
            for warning in schedule.lanes[index].repairs.warnings {
                onEvent(.warning("\(request.type.rawValue) catalogue: \(warning)"))
            }
            do throws(OutputError) {
                try await complete(
                    &summary, plan: plans[index], request: request, export: export, tables: encoders[index].tables,
                    failures: finished.failures)
            } catch {
                throw .output(error)
            }
            summaries.append(summary)
            if summary.idsFailed > 0 { warnFailed(summary, failures: finished.failures) }
        }
        // Last: a run killed before this point resumes with its plans and a checkpoint that says all is fetched.
        do throws(OutputError) {
            try tables.removeWorkingFiles()
            for request in job.catalogue {
                try FileSystem.remove(
                    (directory as NSString).appendingPathComponent(SnapshotLayout.nightPlan(request.type)))
            }
        } catch {
            throw .output(error)
        }
        return Outcome(
            summaries: summaries, failures: finished.failures,
            overFailureLimit: summaries.filter { !$0.failedWithinLimit }.map(\.type))
    }

    /// How many failed ids the warning names before it points at the file.
    static let failuresNamed = 3

    /// One line for a catalogue whose ids failed: how many, what became of them, the first few with their reasons.
    private func warnFailed(_ summary: Manifest.CatalogueSummary, failures: [Manifest.Failure]) {
        let type = summary.type
        let named = failures.lazy.filter {
            if case .details(type, _) = $0.subject { true } else { false }
        }.prefix(Self.failuresNamed).map { "\($0.endpoint) (\($0.reason))" }
        let asked = summary.idsAsked ?? 0
        let share =
            "\(ExportDrop.percent(summary.idsFailed, of: asked)) % of \(asked) asked, "
            + (summary.failedWithinLimit ? "within" : "more than") + " maxFailedPercent "
            + ExportDrop.text(summary.maxFailedPercent ?? 0)
        let fate =
            summary.failedWithinLimit
            ? "\(summary.idsCarried ?? 0) carried with their previous rows, \(summary.idsLeftOut ?? 0) left out"
            : "the night is partial"
        onEvent(
            .warning(
                "\(type.rawValue) catalogue: \(summary.idsFailed) failed ids (\(share)): \(fate); asked for again "
                    + "next night: \(named.joined(separator: ", "))"
                    + (summary.idsFailed > named.count ? ", …" : "") + "; see \(FailuresFile.name)"))
    }

    /// Fetches every lane's ids from its frontier, writing in id order with a checkpoint after each step.
    /// - Throws: ``ExportError/interrupted`` when the run was stopped before every lane was written.
    private func fetch(
        _ lanes: [CatalogueSchedule.Lane], places: Int, performer: CataloguePerformer, into tables: CatalogueTableFiles
    ) async throws(ExportError) -> CatalogueSchedule {
        var schedule = CatalogueSchedule(lanes: lanes, concurrency: places, window: window)
        let loop: WorkLoop<CatalogueSchedule> = controls.loop(performer.perform)
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
        return schedule
    }

    /// Fills in what tonight's plan made of the catalogue: for an incremental night, merges the previous snapshot
    /// with the upserts just written (which become the delta); then keeps today's change-feed ids as state.
    private func complete(
        _ summary: inout Manifest.CatalogueSummary, plan: NightPlan, request: Job.CatalogueRequest,
        export: SelectedExport, tables: [CatalogueTable], failures: [Manifest.Failure]
    ) async throws(OutputError) {
        let type = request.type
        var written = summary.files
        summary.freshness = Manifest.FreshnessSummary(
            maxAgeDays: request.refresh.maxAgeDays, top: request.refresh.top,
            popularityFromExportOf: export.day.description, idsRefetchedAsOldest: plan.oldest.ids.count,
            idsPastMaxAge: plan.oldest.due, votesWanted: plan.votesWanted, votesFromDiscover: plan.votes.count,
            votesFetchedWithDetails: plan.votesFallback.count, discoverWindows: plan.discoverWindows,
            discoverPages: plan.discoverPages,
            discoverPagesFailed: plan.discoverPagesFailed,
            oldestFetchedAt: plan.basedOnRun == nil ? nil : plan.oldest.oldest)
        summary.mode = plan.basedOnRun == nil ? .full : .incremental
        let failed = failures.failedIDs(type)
        summary.idsAsked = plan.fetch?.count ?? export.ids.count
        summary.maxFailedPercent = request.maxFailedPercent
        var carried = 0
        summary.fullRunReason = plan.fullRunReason
        summary.changesThrough = plan.changesThrough
        summary.changeFeedDaysCut = plan.changeFeedDaysCut
        if let basedOn = plan.basedOnRun {
            // The staging run's resume key names the snapshot it builds on, so a resumed run finds the same one.
            guard case .success(let snapshot?) = previous, snapshot.runID == basedOn else {
                throw OutputError(
                    operation: "merge", path: directory,
                    reason: "the plan builds on runs/\(basedOn), which is no longer latest")
            }
            let started = ContinuousClock.now
            let merged = try await SnapshotMerge(
                previous: snapshot, directory: directory, type: type, tables: tables, formats: job.formats,
                popularity: export.popularity
            ).run(plan: plan, failed: failed)
            carried = merged.carried
            summary.deltaFiles = written + [merged.changedIDs, merged.refreshed]
            summary.freshness?.rowsRefreshed = merged.refreshed.rows
            written = merged.files
            summary.incremental = Manifest.IncrementalSummary(
                basedOnRun: basedOn, previousExportDate: plan.previousExportDate ?? "",
                changesFrom: plan.changesFrom, changesThrough: plan.changesThrough,
                changeFeedPages: plan.changeFeedPages, idsInChangeFeed: plan.idsInChangeFeed,
                idsAdded: merged.delta.added.count, idsChanged: merged.delta.replaced.count,
                idsGoneFromExport: plan.gone.count, idsNowNotFound: merged.delta.deleted.count - plan.gone.count,
                idsCarriedOver: plan.carriedOver, detailsRequested: plan.fetch?.count ?? 0,
                verifySeconds: plan.verifySeconds, mergeSeconds: (ContinuousClock.now - started).seconds)
            summary.incremental?.idsWithMovedCredits = plan.movedCredits?.count
        } else if !failed.isEmpty {
            (written, carried) =
                try await carryFailed(failed, request: request, plan: plan, export: export, tables: tables)
                ?? (written, 0)
        }
        summary.idsCarried = carried
        summary.idsLeftOut = failed.count - carried
        let applied = try writeAppliedChanges(plan.changesToday, type: type)
        summary.idsInSnapshot = written.first { $0.path == SnapshotLayout.details(type) }?.rows
        summary.files = written.filter { !$0.path.hasPrefix(SnapshotLayout.stateFolder + "/") }
        summary.stateFiles = written.filter { $0.path.hasPrefix(SnapshotLayout.stateFolder + "/") } + [applied]
    }

    /// A full night's files with the previous rows of its failed ids put back, when `latest`'s snapshot has the
    /// same tables and its files check out; nil (the failed ids are left out, and the night says why) otherwise.
    private func carryFailed(
        _ failed: [UInt32], request: Job.CatalogueRequest, plan: NightPlan, export: SelectedExport,
        tables: [CatalogueTable]
    ) async throws(OutputError) -> (files: [Manifest.DataFile], carried: Int)? {
        let type = request.type.rawValue
        let snapshot: PreviousSnapshot
        do throws(FullRunReason) {
            let (found, summary) = try CatalogueBase.carrying(for: request, in: job, previous: previous).get()
            _ = try await found.verified(summary, as: request, formats: job.formats)
            snapshot = found
        } catch {
            onEvent(
                .notice(
                    "\(type) catalogue: the \(failed.count) failed ids are left out of tonight's full snapshot, "
                        + "since their previous rows cannot be kept: \(error)"))
            return nil
        }
        // Tonight's files are about to take the carried rows: a run killed from here on must not resume on them cut
        // back to the checkpoint, so it has none and fetches the catalogues again.
        try FileSystem.remove((directory as NSString).appendingPathComponent(SnapshotLayout.checkpoint))
        return try await SnapshotMerge(
            previous: snapshot, directory: directory, type: request.type, tables: tables, formats: job.formats,
            popularity: export.popularity
        ).carry(failed: failed, votes: plan.votes)
    }

    /// `state/<type>_changes_applied.csv`: today's change-feed ids as read before fetching (``NightChanges``).
    private func writeAppliedChanges(_ ids: [UInt32], type: CatalogueType) throws(OutputError) -> Manifest.DataFile {
        let name = SnapshotLayout.appliedChanges(type)
        var bytes = Array("id\n".utf8)
        for id in ids { bytes.append(contentsOf: "\(id)\n".utf8) }
        try AtomicFileWriter.write(Data(bytes), to: (directory as NSString).appendingPathComponent(name))
        return Manifest.DataFile(
            path: name, format: "csv", rows: ids.count, bytes: bytes.count, sha256: SHA256.hex(of: bytes))
    }
}
