import TMDBAPI

/// The files one catalogue's snapshot holds, named from what the job asks for alone (the type, its sub-resources,
/// the formats, the export day): the only names a night, a merge or a shard merge ever opens in a snapshot.
///
/// A manifest is read, not obeyed: its lists must name exactly these files (``mismatch(with:incremental:)``), and
/// each file is then opened under the name made here, never under one taken from the manifest, so that a manifest
/// that lists `../../x` can neither make a run read nor write outside the output folder.
package struct SnapshotFiles: Sendable, Hashable {
    /// Every table in every format, then the details answers: the manifest's `files`.
    package var published: [String]
    /// `state/`: the rows derived tables are made from, and the change-feed ids applied: `stateFiles`.
    package var state: [String]
    /// `delta/` of an incremental night: the upserts, the ids that changed and the refreshed rows: `deltaFiles`.
    package var delta: [String]
    /// `ids/`: the export files the ids were selected from, by TMDB's names: `exportFiles`.
    package var exports: [String]

    /// The files of a catalogue of `type` with `appending`'s tables in `formats`, selected from the export files of
    /// `exportDay` (and its adult file when `adult`).
    package init(
        _ type: CatalogueType, appending: Set<AppendedResource>, formats: [OutputFormat], exportDay: ExportDay,
        adult: Bool
    ) {
        let tables = CatalogueTable.tables(for: type, appending: appending)
        published =
            tables.flatMap { table in formats.map { SnapshotLayout.file(table, $0) } } + [SnapshotLayout.details(type)]
        let derived = tables.filter { $0.derivation != nil }
        state =
            derived.flatMap { table in formats.map { SnapshotLayout.keyedByMovie(table, $0) } }
            + [SnapshotLayout.appliedChanges(type)]
        delta =
            tables.flatMap { table in formats.map { SnapshotLayout.running(table, $0, .upserts) } }
            + [SnapshotLayout.details(type, .upserts), SnapshotLayout.changedIDs(type), SnapshotLayout.refreshed(type)]
        exports = [false, true].filter { !$0 || adult }.map {
            IDExportFile(type: type, adult: $0, day: exportDay).fileName
        }
    }

    /// Why a manifest's lists are not these files, in words: a name it lists that is not one of them (a path out of
    /// the folder, say), one it leaves out, one it lists twice. Nil when they match; `delta` is checked only for an
    /// `incremental` night (a full run has none).
    package func mismatch(with summary: Manifest.CatalogueSummary, incremental: Bool) -> String? {
        var lists: [(field: String, listed: [String], expected: [String])] = [
            ("files", summary.files.map(\.path), published),
            ("stateFiles", (summary.stateFiles ?? []).map(\.path), state),
            ("exportFiles", summary.exportFiles, exports),
            ("keptExportFiles", (summary.keptExportFiles ?? []).map(\.path), exports.map(SnapshotLayout.exportFile)),
        ]
        if incremental { lists.append(("deltaFiles", (summary.deltaFiles ?? []).map(\.path), delta)) }
        for list in lists {
            let expected = Set(list.expected)
            if let stranger = list.listed.first(where: { !expected.contains($0) }) {
                return "lists \(Self.quoted(stranger)) in the \(summary.type) catalogue's \(list.field), a file "
                    + "its snapshot does not hold"
            }
            if let missing = list.expected.first(where: { !list.listed.contains($0) }) {
                return "does not list \(missing) in the \(summary.type) catalogue's \(list.field)"
            }
            if list.listed.count != expected.count {
                return "lists a file twice in the \(summary.type) catalogue's \(list.field)"
            }
        }
        return nil
    }

    /// Why the files cannot be named, or do not match a manifest.
    package struct Mismatch: Error, Sendable, CustomStringConvertible {
        package let description: String

        package init(_ description: String) { self.description = description }
    }

    /// A name from a manifest as it may be printed: quoted, with control characters escaped, at most 120 bytes.
    package static func quoted(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(120).map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "\"\(shown)\"" + (name.unicodeScalars.count > 120 ? "…" : "")
    }
}
