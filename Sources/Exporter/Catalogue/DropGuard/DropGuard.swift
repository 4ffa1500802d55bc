import RunStore
import TMDBAPI

/// Stops a night before any details request when tonight's ID export would empty or shrink the snapshot by
/// surprise: TMDB has published truncated and empty exports, and a night that took one at its word would mark the
/// missing ids gone, publish, move `latest` and let `--keep` prune the last good snapshot.
///
/// Every run refuses an export with no lines, or one the job's filters keep nothing of. A run that builds on a
/// snapshot also refuses a selection that lacks more than `maxDropPercent` of the snapshot's ids (with shards, of
/// the shard's own snapshot), and an export with fewer than `100 - maxDropPercent` % of the lines of the export the
/// snapshot read. `--full` skips those two (the user asked for a full run); `--accept-drop` skips every check.
struct DropGuard: Sendable {
    /// The catalogue's `maxDropPercent`.
    var maxDropPercent: Double
    /// `--accept-drop`: tonight's drop is expected.
    var accepted: Bool
    /// The shard this run fetches, for the message; nil for all.
    var shard: Shard?

    /// Any run: refuses an export without lines, or a selection that is empty while the export was not.
    /// - Parameter snapshot: `latest`'s run id, if there is one.
    func checkNotEmpty(_ export: SelectedExport, type: CatalogueType, snapshot: String?) throws(ExportError) {
        guard !accepted else { return }
        if export.counts.lines == 0 {
            throw refusal(.noLines, type, export, snapshot)
        }
        if export.counts.selected == 0 {
            throw refusal(.selectsNothing(lines: export.counts.lines), type, export, snapshot)
        }
    }

    /// A run on top of `snapshot`: refuses tonight's selection when it drops more than `maxDropPercent` of the
    /// snapshot's `previousIDs`, and tonight's export when it has fewer than `100 - maxDropPercent` % of
    /// `previousLines`.
    ///
    /// A selection by popularity (`limit`, `minPopularity`) loses ids every night as popularity moves (a quarter to
    /// a half of a top 500 in the sandbox, and on TMDB), so for it the ids' share says nothing about the export and
    /// only the lines are compared (`byPopularity`).
    func checkDrop(
        _ export: SelectedExport, type: CatalogueType, snapshot: String, previousIDs: Int, dropped: Int,
        previousLines: Int?, byPopularity: Bool
    ) throws(ExportError) {
        guard !accepted else { return }
        if !byPopularity, Double(dropped) * 100 > maxDropPercent * Double(previousIDs) {
            throw refusal(
                .dropsIDs(dropped: dropped, of: previousIDs, maxDropPercent: maxDropPercent), type, export, snapshot)
        }
        try checkLines(export, type: type, snapshot: snapshot, previousLines: previousLines)
    }

    /// Refuses tonight's export when it has fewer than `100 - maxDropPercent` % of `previousLines`, the lines of the
    /// export `snapshot` read.
    func checkLines(
        _ export: SelectedExport, type: CatalogueType, snapshot: String, previousLines: Int?
    ) throws(ExportError) {
        guard !accepted, let previousLines else { return }
        let lines = export.counts.lines
        if Double(lines) * 100 < (100 - maxDropPercent) * Double(previousLines) {
            throw refusal(
                .fewerLines(lines: lines, previous: previousLines, maxDropPercent: maxDropPercent), type, export,
                snapshot)
        }
    }

    private func refusal(
        _ kind: ExportDrop.Kind, _ type: CatalogueType, _ export: SelectedExport, _ snapshot: String?
    ) -> ExportError {
        .unexpectedDrop(ExportDrop(type: type, files: export.fileNames, kind: kind, snapshot: snapshot, shard: shard))
    }
}
