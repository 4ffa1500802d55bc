import Foundation
import RunStore
import TMDBAPI
import Testing

@Suite("The README's dimension tables")
struct READMEDimensionTablesTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../README.md").standardized

    @Test("lists each dimension table with its export and its columns in file order", arguments: DimensionType.allCases)
    func tableListed(type: DimensionType) throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let table = DimensionTable.table(type)
        let line =
            "| `\(table.name)` | `\(type.exportPrefix)_…` | \(table.columns.map(\.name).joined(separator: ", ")) |"
        #expect(text.contains(line), "README lacks or differs on: \(line)")
    }
}
