import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Empty strings in catalogue tables")
struct CatalogueEmptyStringTests {
    /// `text` with every JSON string value (not the keys) emptied.
    static func emptied(_ text: String) throws -> String {
        let value = try Regex(#":\s*"(?:[^"\\]|\\.)*""#)
        return text.replacing(value) { _ in #":"""# }
    }

    @Test(
        "writes every text column TMDB sends as an empty string as null in NDJSON, as CSV's empty field does",
        arguments: CatalogueType.allCases)
    func emptyIsNull(type: CatalogueType) throws {
        let text = try Self.emptied(CatalogueRowFixtures.details(type))
        let (encoder, rows) = try CatalogueRowFixtures.rows(text, type: type)
        var nulls = 0
        for (table, part) in zip(encoder.tables, rows.tables) {
            for line in try CatalogueRowFixtures.lines(part.ndjson) {
                for column in table.columns where column.type == .string {
                    #expect(line.object[column.name] as? String != "", "\(table.name).\(column.name) is \"\"")
                    if line.object[column.name] is NSNull { nulls += 1 }
                }
            }
        }
        // Guards against fixtures whose strings did not reach the tables. A row whose key is emptied (a person's credit
        // without its credit_id) is left out, as no warehouse loads a null key: the person keeps fewer.
        #expect(nulls > (type == .person ? 10 : 20))
    }
}
