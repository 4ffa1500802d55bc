import Foundation
import RunStore
import Testing

@testable import Exporter

@Suite("The README's list columns")
struct READMEListColumnsTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../README.md").standardized

    @Test("gives each list table's columns in file order, as the definitions have them", arguments: ListTable.allCases)
    func columnsAgree(table: ListTable) throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let line = "`" + table.columns.map(\.name).joined(separator: ",") + "`"
        #expect(text.contains(line), "README lacks or differs on: \(line)")
    }
}
