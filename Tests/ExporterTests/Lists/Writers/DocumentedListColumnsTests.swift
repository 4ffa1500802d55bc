import Foundation
import RunStore
import TestSupport
import Testing

@testable import Exporter

@Suite("The list columns of docs/tables.md")
struct DocumentedListColumnsTests {
    @Test("gives each list table's columns in file order, as the definitions have them", arguments: ListTable.allCases)
    func columnsAgree(table: ListTable) throws {
        let text = try documentationPage("tables")
        let line = "`" + table.columns.map(\.name).joined(separator: ",") + "`"
        #expect(text.contains(line), "docs/tables.md lacks or differs on: \(line)")
    }
}
