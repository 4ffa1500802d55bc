/// The people whose credits on some titles changed between the previous snapshot and tonight: TMDB's person feed is
/// not documented to list a person whose credits moved only because a title's did, so a night finds them in the
/// titles' own credit tables (`movie_cast`, `movie_crew`, `tv_cast`, `tv_crew`) and fetches them again.
///
/// For each title fetched or gone tonight, its rows in the previous snapshot and in tonight's upserts are compared on
/// the fields a person's `combined_credits` carry (the credit, the character, the billing order, the department and
/// job, the episodes); every person of a row that is in one and not the other has moved. Both files are in title id
/// order, so they are read side by side, one title's rows in memory at a time.
package enum MovedCredits {
    /// The fields of a title's credit row that a person's credit repeats, of those the table has.
    static let compared: [StaticString] = [
        "person_id", "credit_id", "character", "order", "episode_count", "department", "job",
    ]

    /// The people of the rows that differ, ascending, once each.
    /// - Parameters:
    ///   - table: the credit table (its first column is the title's id, and it has `person_id`).
    ///   - previous: the previous snapshot's file of the table.
    ///   - tonight: tonight's upserts of the table (the rows of every title answered tonight).
    ///   - titles: the titles fetched or gone tonight, ascending: only their rows can have changed.
    /// - Throws: ``OutputError`` when a file cannot be read, or a record lacks a compared field.
    package static func people(
        in table: CatalogueTable, previous: String, tonight: String, format: SnapshotRecordFormat, titles: [UInt32]
    ) throws(OutputError) -> [UInt32] {
        let columns = table.columns.map(\.name)
        let names = compared.filter { columns.contains("\($0)") }.sorted { first, second in
            columns.firstIndex(of: "\(first)")! < columns.firstIndex(of: "\(second)")!
        }
        let fields = RecordFields(names, of: columns, format: format)
        let personField = names.firstIndex { "\($0)" == "person_id" }
        guard let personField else { return [] }
        let old = try TitleRows(path: previous, format: format, fields: fields, person: personField)
        let new = try TitleRows(path: tonight, format: format, fields: fields, person: personField)
        var moved: [UInt32] = []
        for title in titles {
            var before = try old.rows(of: title)
            var after = try new.rows(of: title)
            before.sort { $0.fields.lexicographicallyPrecedes($1.fields) }
            after.sort { $0.fields.lexicographicallyPrecedes($1.fields) }
            guard before != after else { continue }
            let kept = Set(before).intersection(after)
            for row in before + after where !kept.contains(row) {
                if let person = UInt32(String(decoding: row.person, as: UTF8.self)) { moved.append(person) }
            }
        }
        moved.sort()
        moved.removeRepeatsOfSorted()
        return moved
    }

    /// A credit row's compared fields, each as CSV writes it and ended by a 0 byte, and its person's id.
    private struct Row: Hashable {
        var fields: [UInt8]
        var person: [UInt8]
    }

    /// One file's rows read forward by title.
    private final class TitleRows {
        let reader: SnapshotRecordReader
        let fields: RecordFields
        let person: Int
        /// Whether the reader stands on a record not yet handed out.
        var pending: Bool

        init(path: String, format: SnapshotRecordFormat, fields: RecordFields, person: Int) throws(OutputError) {
            reader = try SnapshotRecordReader(path: path, format: format)
            self.fields = fields
            self.person = person
            pending = try reader.next()
        }

        /// The rows of `title`, which must not be lower than the title asked for before.
        func rows(of title: UInt32) throws(OutputError) -> [Row] {
            var rows: [Row] = []
            while pending {
                // The CSV header has no key.
                guard let key = reader.key else {
                    pending = try reader.next()
                    continue
                }
                guard key <= Int(title) else { break }
                if key == Int(title) {
                    let row = reader.recordBytes.withUnsafeBytes { bytes -> Row? in
                        guard let ranges = fields.ranges(in: bytes) else { return nil }
                        let values = ranges.map { RecordFields.plainText(bytes[$0], format: fields.format) }
                        return Row(fields: values.flatMap { $0 + [0] }, person: values[person])
                    }
                    guard let row else {
                        throw reader.failure("record \(reader.recordNumber) (title \(key)) lacks a credit's fields")
                    }
                    rows.append(row)
                }
                pending = try reader.next()
            }
            return rows
        }
    }
}
