import RunStore
import TMDBAPI

/// What tonight's run of one catalogue builds on: nothing (a full run, and why), or the previous snapshot.
enum CatalogueBase: Sendable {
    case full(FullRunReason)
    case incremental(PreviousSnapshot, Manifest.CatalogueSummary)

    /// Change feeds and export files go back about three months: a snapshot older than this is fetched whole.
    static let maximumGapDays = 90

    /// Decides from what the manifests say, without reading the data files (``PreviousSnapshot/verify(_:files:delta:)`` does).
    /// - Parameters:
    ///   - previous: `latest`'s snapshot, nil when there is none, or why it cannot be read.
    ///   - today: the day the run takes as today, the end of tonight's change window.
    ///   - forced: `--full`.
    static func choose(
        for request: Job.CatalogueRequest, in job: Job, previous: Result<PreviousSnapshot?, FullRunReason>,
        today: ExportDay, forced: Bool
    ) -> CatalogueBase {
        if forced { return .full(FullRunReason("--full")) }
        let snapshot: PreviousSnapshot
        switch previous {
        case .failure(let reason): return .full(reason)
        case .success(nil): return .full(FullRunReason("no earlier snapshot (latest) to build on"))
        case .success(let found?): snapshot = found
        }
        let name = "runs/\(snapshot.runID)"
        let type = request.type.rawValue
        guard let summary = snapshot.catalogue(request.type) else {
            return .full(FullRunReason("\(name) has no \(type) catalogue"))
        }
        switch snapshot.version(of: summary) {
        case ..<1:
            return .full(FullRunReason("\(name) was written by a version without incremental runs"))
        case 1:
            return .full(FullRunReason("\(name) was written by a version without the fetched_at and votes_at columns"))
        case 2:
            return .full(
                FullRunReason("\(name) was written by a version that did not record its export files' SHA-256s"))
        case SnapshotLayout.version:
            break
        case let version:
            return .full(
                FullRunReason(
                    "\(name) was written by a newer version (snapshot version \(version); this one reads "
                        + "\(SnapshotLayout.version))"))
        }
        guard let through = summary.changesThrough.flatMap({ ExportDay($0) }), summary.stateFiles != nil else {
            return .full(FullRunReason("\(name) was written by a version without incremental runs"))
        }
        if let change = changedSetting(request, job, summary, snapshot.manifest) {
            return .full(FullRunReason("the job's \(type) catalogue changed since \(name): \(change)"))
        }
        let gap = today.daysSinceEpoch - through.daysSinceEpoch
        guard gap >= 0 else {
            return .full(FullRunReason("\(name) reflects changes through \(through), after today (\(today))"))
        }
        guard gap <= maximumGapDays else {
            return .full(
                FullRunReason(
                    "\(name) reflects changes through \(through), \(gap) days ago; change feeds and export files "
                        + "cover \(maximumGapDays)"))
        }
        return .incremental(snapshot, summary)
    }

    /// The snapshot whose rows tonight's failed ids keep on a full night: `latest`'s, when it was written under this
    /// build's contract with the job's settings, so that its tables are tonight's; else why they are left out.
    static func carrying(
        for request: Job.CatalogueRequest, in job: Job, previous: Result<PreviousSnapshot?, FullRunReason>
    ) -> Result<(PreviousSnapshot, Manifest.CatalogueSummary), FullRunReason> {
        let snapshot: PreviousSnapshot
        switch previous {
        case .failure(let reason): return .failure(reason)
        case .success(nil): return .failure(FullRunReason("there is no earlier snapshot (latest)"))
        case .success(let found?): snapshot = found
        }
        let name = "runs/\(snapshot.runID)"
        guard let summary = snapshot.catalogue(request.type) else {
            return .failure(FullRunReason("\(name) has no \(request.type.rawValue) catalogue"))
        }
        let version = snapshot.version(of: summary)
        guard version == SnapshotLayout.version else {
            return .failure(
                FullRunReason(
                    "\(name) was written under snapshot version \(version), not \(SnapshotLayout.version)"))
        }
        if let change = changedSetting(request, job, summary, snapshot.manifest) {
            return .failure(FullRunReason("its tables differ from \(name)'s: \(change)"))
        }
        return .success((snapshot, summary))
    }

    /// The first setting that differs between the job and the snapshot's run and forces a full run, as
    /// `what before → now`.
    private static func changedSetting(
        _ request: Job.CatalogueRequest, _ job: Job, _ summary: Manifest.CatalogueSummary, _ manifest: Manifest
    ) -> String? {
        let differences = CatalogueSettings(request, in: job).differences(
            from: CatalogueSettings(summary, of: manifest))
        return differences.first { $0.setting.forcesFullRun }?.description
    }
}
