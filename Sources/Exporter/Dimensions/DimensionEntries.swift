import TMDBAPI

/// The rows of one dimension export (`{"id":…,"name":"…"}` lines), read as the gzip file streams by and kept in id
/// order, each id once (its first line's name). Memory follows the names' bytes plus 16 bytes a line, with no object
/// per line: about 11 MB for TMDB's 250,000 companies.
struct DimensionEntries: Sendable {
    /// Every name's UTF-8 bytes, one after another.
    private var names: [UInt8] = []
    /// Each kept row: its id, its line, and where its name is in ``names`` (`length` -1 for a null name).
    private var rows: [(id: UInt32, line: UInt32, start: UInt32, length: Int32)] = []
    /// Lines read (blank lines are skipped and not counted).
    private(set) var lines = 0
    /// Lines repeating an id of an earlier line: dropped.
    private(set) var duplicates = 0

    /// The rows kept.
    var count: Int { rows.count }

    /// Calls `body` with each row's id and name, in id order.
    func forEachRow<E: Error>(_ body: (Int, String?) throws(E) -> Void) throws(E) {
        for row in rows {
            let name =
                row.length < 0
                ? nil
                : String(decoding: names[Int(row.start)..<Int(row.start) + Int(row.length)], as: UTF8.self)
            try body(Int(row.id), name)
        }
    }

    /// Reads `path`, a gzip dimension export.
    /// - Throws: ``ExportError/badIDExport(file:line:reason:)`` naming the file and 1-based line for a file that is
    ///   not sound gzip, a line that is not one JSON object, a missing or invalid `id` (not between 1 and 2^32 - 1),
    ///   or more lines than `lineLimit` allows.
    static func read(_ path: String, lineLimit: ExportLineLimit) throws(ExportError) -> DimensionEntries {
        var entries = DimensionEntries()
        try ExportFileLines(path, lineLimit: lineLimit).forEachEntry(
            keepingTitle: true, shape: "a {\"id\":…,\"name\":…}"
        ) { (entry, id, number) throws(ExportError) in
            entries.lines += 1
            guard let name = entry.originalTitle else {
                entries.rows.append((id, UInt32(number), 0, -1))
                return
            }
            let start = entries.names.count
            entries.names.append(contentsOf: name.utf8)
            entries.rows.append((id, UInt32(number), UInt32(start), Int32(entries.names.count - start)))
        }
        entries.keepFirstOfEachID()
        return entries
    }

    /// Sorts by id; of the rows of one id, keeps the first line's.
    private mutating func keepFirstOfEachID() {
        rows.sort { ($0.id, $0.line) < ($1.id, $1.line) }
        var kept = 0
        for index in rows.indices where kept == 0 || rows[kept - 1].id != rows[index].id {
            rows[kept] = rows[index]
            kept += 1
        }
        duplicates = rows.count - kept
        rows.removeLast(rows.count - kept)
    }
}
