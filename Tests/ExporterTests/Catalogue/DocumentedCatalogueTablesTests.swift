import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("The catalogue tables of docs/tables.md")
struct DocumentedCatalogueTablesTests {
    /// The page's line for a table: its name, the sub-resource it needs, and its columns in file order.
    static func line(_ table: CatalogueTable) -> String {
        let needs = table.resource.map { "`\($0.rawValue)`" } ?? ""
        return "| `\(table.name)` | \(needs) | \(table.columns.map(\.name).joined(separator: ", ")) |"
    }

    @Test(
        "lists every table a catalogue can write, with its columns in file order, and no other",
        arguments: CatalogueType.allCases)
    func tablesAgree(type: CatalogueType) throws {
        let text = try documentationPage("tables")
        let tables = CatalogueTable.tables(for: type, appending: Set(AppendedResource.supported(by: type)))
        for table in tables {
            #expect(text.contains(Self.line(table)), "docs/tables.md lacks or differs on: \(Self.line(table))")
        }
        let prefixes =
            switch type {
            case .movie: ["| `movies`", "| `movie_", "| `collections`"]
            case .tv: ["| `tv_"]
            case .person: ["| `people`", "| `person_"]
            }
        let listed = text.split(separator: "\n").filter { line in prefixes.contains { line.hasPrefix($0) } }
        #expect(
            listed.count == tables.count,
            "docs/tables.md lists \(listed.count) \(type) tables, the code has \(tables.count)")
    }
}
