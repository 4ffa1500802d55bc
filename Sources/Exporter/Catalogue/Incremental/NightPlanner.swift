import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Decides, before any details request, what one catalogue fetches tonight: everything (a full run, with its reason)
/// or, on top of the previous snapshot, the ids that are new in tonight's selection and the ids the change feeds
/// name (and those that failed last time).
struct NightPlanner {
    var job: Job
    var api: APIClient
    /// `latest`'s snapshot, nil when there is none, or why it cannot be read.
    var previous: Result<PreviousSnapshot?, FullRunReason>
    /// `--full`.
    var forceFull: Bool
    /// `--accept-drop`.
    var acceptDrop: Bool = false
    /// The day the run takes as today.
    var today: ExportDay
    /// The shard this run fetches; its snapshot holds that shard's ids alone.
    var shard: Shard?
    /// Most discover and change-feed pages asked for at once.
    var window: Int
    /// The run's stop request, stall limit and clock: planning stops and stalls as fetching does.
    var controls: LoopControls
    /// When an answer arrived, for `votes_at`.
    var answeredAt: @Sendable () -> Date
    var onEvent: @Sendable (ExportEvent) -> Void

    /// Plans one catalogue's night, after the ``DropGuard`` let tonight's export through.
    /// - Throws: ``ExportError/unexpectedDrop(_:)`` before any request when the export would empty or shrink the
    ///   snapshot by surprise; a feed that cannot be read on an incremental night.
    /// - Parameter fullBecause: why this catalogue must run in full whatever its snapshot (a person catalogue whose
    ///   titles run in full cannot know whose credits moved).
    func plan(
        _ request: Job.CatalogueRequest, tonight export: SelectedExport, fullBecause: FullRunReason? = nil
    ) async throws(ExportError) -> NightPlan {
        let type = request.type
        let dropGuard = DropGuard(maxDropPercent: request.maxDropPercent, accepted: acceptDrop, shard: shard)
        let latest: PreviousSnapshot? = if case .success(let found?) = previous { found } else { nil }
        try dropGuard.checkNotEmpty(export, type: type, snapshot: latest?.runID)
        var base =
            fullBecause.map(CatalogueBase.full)
            ?? CatalogueBase.choose(for: request, in: job, previous: previous, today: today, forced: forceFull)
        var verifySeconds = 0.0
        var previousIDs: [UInt32] = []
        var applied: [UInt32] = []
        var failedLastNight: [UInt32] = []
        if case .incremental(let snapshot, let summary) = base {
            let started = ContinuousClock.now
            do throws(FullRunReason) {
                let files = try await snapshot.verified(summary, as: request, formats: job.formats)
                previousIDs = Shard.keeping(try await Self.selection(of: snapshot, files, request), in: shard)
                applied = try Self.appliedChanges(of: snapshot, type)
                failedLastNight = try snapshot.failedIDs(type)
            } catch {
                base = .full(error)
            }
            verifySeconds = (ContinuousClock.now - started).seconds
        }
        switch base {
        case .full(let reason):
            // A full run nobody asked for (the snapshot could not be built on) still must not shrink the catalogue.
            if !forceFull, let latest, let summary = latest.catalogue(type), summary.adult == request.adult {
                try dropGuard.checkLines(export, type: type, snapshot: latest.runID, previousLines: summary.idsInExport)
            }
            onEvent(.notice("\(type.rawValue) catalogue: a full run, because \(reason)"))
            // A full run needs no feed; today's only spares tomorrow's run today's changes made before tonight.
            var night = NightChanges(changed: [], today: [], pages: 0)
            do throws(ExportError) {
                night = try await NightChanges.today(type, today, feed: feed).keeping(shard)
            } catch {
                guard case .setup(let error) = error else { throw error }
                onEvent(
                    .notice(
                        "today's \(type.rawValue) change feed could not be read (\(error.reasonDescription)); the next "
                            + "incremental run will read it again"))
            }
            warn(night.cuts, "a full run fetches every id anyway; the next night reads the day again")
            return NightPlan(
                basedOnRun: nil, fullRunReason: reason.description, fetch: nil, changesToday: night.today,
                changesFrom: today.description, changesThrough: today.description, changeFeedPages: night.pages,
                idsInChangeFeed: night.changed.count, changeFeedDaysCut: night.daysCut, previousExportDate: nil)
        case .incremental(let snapshot, let summary):
            let diff = ExportDiff(snapshot: previousIDs, today: export.ids.values)
            try dropGuard.checkDrop(
                export, type: type, snapshot: snapshot.runID, previousIDs: previousIDs.count,
                dropped: diff.removed.count, previousLines: summary.idsInExport,
                byPopularity: request.limit != nil || request.minPopularity != nil)
            let last = ExportDay(summary.changesThrough ?? "") ?? today
            // A feed that cannot be read stops the run (the night cannot know what changed); a day cut at TMDB's page
            // cap does not (the next night would meet the same day, and the refresh fetches what it did not name).
            let night = try await NightChanges.since(last, applied: applied, through: today, type, feed: feed)
                .keeping(shard)
            warn(night.cuts, "the ids on its pages not read wait for the rolling refresh (refresh.maxAgeDays)")
            var changed = night.changed + failedLastNight
            changed.sort()
            changed.removeRepeatsOfSorted()
            let fetch = diff.toFetch(changed: changed)
            var plan = NightPlan(
                basedOnRun: snapshot.runID, fullRunReason: nil, fetch: fetch, gone: diff.removed, added: diff.added,
                changesToday: night.today, changesFrom: last.description, changesThrough: today.description,
                changeFeedPages: night.pages, idsInChangeFeed: night.changed.count, changeFeedDaysCut: night.daysCut,
                previousExportDate: summary.exportDate, carriedOver: diff.kept.count - (fetch.count - diff.added.count),
                verifySeconds: verifySeconds)
            try await planRefresh(&plan, request, snapshot: snapshot, kept: diff.kept, tonight: export)
            onEvent(
                .notice(
                    "\(type.rawValue) catalogue: incremental on runs/\(snapshot.runID) (changes \(last) to \(today)): "
                        + "\(diff.added.count) new, \(fetch.count - diff.added.count) changed, \(diff.removed.count) "
                        + "gone, \(plan.oldest.ids.count) oldest refreshed, votes of \(plan.votes.count) from "
                        + "\(plan.discoverPages) discover pages (\(plan.votesFallback.count) fetched whole); fetching "
                        + "\((plan.fetch ?? []).count) of \(export.ids.count) ids"))
            return plan
        }
    }

    private var feed: ChangedIDs { ChangedIDs(api: api, window: window, controls: controls, onEvent: onEvent) }

    /// One `warning:` line per day cut, naming the feed and the day, then what the cut means for tonight.
    private func warn(_ cuts: [ChangeFeedCut], _ meaning: String) {
        for cut in cuts { onEvent(.warning("\(cut); \(meaning)")) }
    }

    /// The snapshot's selection, read again from the export files it kept (verified) with the job's (unchanged)
    /// filters.
    private static func selection(
        of snapshot: PreviousSnapshot, _ files: SnapshotFiles, _ request: Job.CatalogueRequest
    ) async throws(FullRunReason) -> [UInt32] {
        let paths = files.exports.map { snapshot.path(SnapshotLayout.exportFile($0)) }
        let filters = request.filters
        let lineLimit = ExportLineLimit(request.type)
        do throws(ExportError) {
            return try await BlockingFiles.run { () throws(ExportError) in
                try IDSelection.select(from: paths, filters: filters, lineLimit: lineLimit).ids
            }
        } catch {
            throw FullRunReason("the export files runs/\(snapshot.runID)/ids/ kept cannot be read again (\(error))")
        }
    }

    private static func appliedChanges(
        of snapshot: PreviousSnapshot, _ type: CatalogueType
    ) throws(FullRunReason) -> [UInt32] {
        let path = snapshot.path(SnapshotLayout.appliedChanges(type))
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FullRunReason("\(path) cannot be read")
        }
        return data.split(separator: 0x0A).dropFirst().compactMap { UInt32(String(decoding: $0, as: UTF8.self)) }
    }
}
