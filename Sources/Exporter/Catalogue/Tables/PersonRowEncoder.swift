import JSON
import RunStore
import TMDBAPI

/// Turns one `/person/{id}` answer into the rows of every person table, as ``CatalogueRowEncoder`` does for movies
/// and series: decoded once, each table's CSV and NDJSON encoded in one pass from the same fields. Its own type until
/// people are a ``CatalogueType``.
package struct PersonRowEncoder: Sendable {
    /// The tables rows are made for, in the order of ``CatalogueRows/tables``.
    package let tables: [CatalogueTable]
    private let personTables: [PersonTable]
    private let csv: Bool
    private let ndjson: Bool

    package init(appending: Set<AppendedResource>, csv: Bool, ndjson: Bool) {
        personTables = PersonTable.tables(appending: appending)
        tables = personTables.map(\.table)
        self.csv = csv
        self.ndjson = ndjson
    }

    /// The rows of every table for the details answer `body`; fails, naming the id when the answer has one, the key
    /// path and what was expected, when the answer is not a person's details object.
    /// - Parameter freshness: what the `people` row takes from outside the answer (the export's popularity).
    package func rows(
        fromDetails body: UnsafeRawBufferPointer, freshness: RowFreshness
    ) throws(PersonRecordError) -> CatalogueRows {
        let person = try PersonRecord(details: body)
        var encoder = RecordEncoder(csv: csv, json: ndjson, emptyStringIsNull: true)
        var tableRows: [CatalogueRows.TableRows] = []
        tableRows.reserveCapacity(personTables.count)
        for table in personTables {
            let count = table.encodeRows(of: person, freshness: freshness, into: &encoder)
            if count > 0 {
                tableRows.append(CatalogueRows.TableRows(csv: encoder.csv, ndjson: encoder.json, count: count))
                encoder.reset()
            } else {
                tableRows.append(CatalogueRows.TableRows())
            }
        }
        return CatalogueRows(id: person.id, tables: tableRows, details: JSONCompaction.line(body))
    }
}
