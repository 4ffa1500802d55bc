import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@Suite("The dimension tables of docs/tables.md")
struct DocumentedDimensionTablesTests {
    @Test("lists each dimension table with its export and its columns in file order", arguments: DimensionType.allCases)
    func tableListed(type: DimensionType) throws {
        let text = try documentationPage("tables")
        let table = DimensionTable.table(type)
        let line =
            "| `\(table.name)` | `\(type.exportPrefix)_…` | \(table.columns.map(\.name).joined(separator: ", ")) |"
        #expect(text.contains(line), "docs/tables.md lacks or differs on: \(line)")
    }
}
