import RunStore
import TMDBAPI

/// What the ``DropGuard`` refused: one catalogue's ID export that would empty or shrink the snapshot by surprise,
/// with the files and the numbers, in one line that says what to do about it.
public struct ExportDrop: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with tonight's export.
    public enum Kind: Sendable, Hashable {
        /// Sound gzip, but not one line: never a real TMDB night.
        case noLines
        /// Lines, but the job's filters kept none of them.
        case selectsNothing(lines: Int)
        /// Tonight's selection lacks `dropped` of the snapshot's `of` ids, more than `maxDropPercent` of them.
        case dropsIDs(dropped: Int, of: Int, maxDropPercent: Double)
        /// The export has `lines`, fewer than `100 - maxDropPercent` % of the `previous` export's.
        case fewerLines(lines: Int, previous: Int, maxDropPercent: Double)
    }

    public var type: CatalogueType
    /// Tonight's export files, by TMDB's names.
    public var files: [String]
    public var kind: Kind
    /// The snapshot compared with (`latest`'s run id); nil when there is none (a first run).
    public var snapshot: String?
    /// The shard whose ids were compared; nil for all.
    public var shard: Shard?

    package init(type: CatalogueType, files: [String], kind: Kind, snapshot: String?, shard: Shard? = nil) {
        self.type = type
        self.files = files
        self.kind = kind
        self.snapshot = snapshot
        self.shard = shard
    }

    public var description: String {
        let catalogue = "\(type.rawValue) catalogue" + (shard.map { " (shard \($0))" } ?? "")
        let export = "tonight's export \(files.joined(separator: " and "))"
        let what: String
        switch kind {
        case .noLines:
            what = "\(export) has no lines (an empty export is never a real TMDB night)"
        case .selectsNothing(let lines):
            what = "the job's filters keep none of the \(lines) lines of \(export)"
        case .dropsIDs(let dropped, let count, let limit):
            what =
                "\(export) would drop \(dropped) of \(count) ids (\(Self.percent(dropped, of: count)) %) of "
                + "runs/\(snapshot ?? "-"), more than maxDropPercent \(Self.text(limit))"
        case .fewerLines(let lines, let previous, let limit):
            what =
                "\(export) has \(lines) lines, \(Self.percent(previous - lines, of: previous)) % fewer than the "
                + "\(previous) of runs/\(snapshot ?? "-")'s export, more than maxDropPercent \(Self.text(limit))"
        }
        let kept = snapshot == nil ? "nothing published" : "nothing published, latest kept"
        return "\(catalogue): \(what); \(kept) (pass --accept-drop if the drop is expected)"
    }

    /// `part` of `whole` in percent, to two decimals at most: `100`, `6.25`, `0.1`.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0" }
        return text((Double(part) * 10_000 / Double(whole)).rounded() / 100)
    }

    /// A number as a person writes it: `5`, `2.5`.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}
