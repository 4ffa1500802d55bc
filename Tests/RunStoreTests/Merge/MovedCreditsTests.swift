import Foundation
import TestSupport
import Testing

@testable import RunStore

@Suite("Moved credits: the people whose credit rows differ between the snapshot and tonight's titles")
struct MovedCreditsTests {
    static let table = MovieTable.cast.table
    static let header = String(decoding: table.csvHeader, as: UTF8.self)

    /// A `movie_cast` row: movie, person, credit, character and order; the other columns (the person's name and
    /// popularity among them) as given.
    static func row(
        _ movie: Int, _ person: Int, _ credit: String, character: String = "Her", order: Int = 0,
        popularity: String = "1.5"
    ) -> String {
        "\(movie),\(person),\(credit),Name \(person),\(character),\(order),1,Acting,7,Name \(person),\(popularity),,false\n"
    }

    static func ndjson(_ csv: String) throws -> String {
        try CSVReader.records(csv).dropFirst().map { fields in
            var object: [String] = []
            for (column, field) in zip(table.columns, fields) {
                let value =
                    switch column.type {
                    case .integer, .number, .boolean: field.isEmpty ? "null" : field
                    default: field.isEmpty ? "null" : "\"\(field)\""
                    }
                object.append("\"\(column.name)\":\(value)")
            }
            return "{" + object.joined(separator: ",") + "}\n"
        }.joined()
    }

    @Test(
        "finds the people of changed, removed and added credits of the titles named, in CSV and NDJSON alike",
        arguments: [SnapshotRecordFormat.csv, .ndjson])
    func movedPeople(format: SnapshotRecordFormat) throws {
        let previous =
            Self.header + Self.row(1, 10, "a") + Self.row(1, 11, "b") + Self.row(2, 20, "c") + Self.row(3, 30, "d")
            + Self.row(4, 40, "e") + Self.row(5, 50, "f")
        let tonight =
            Self.header
            // 1: person 11's character changed; person 10 unchanged but for their popularity, a field people don't have.
            + Self.row(1, 10, "a", popularity: "9.9") + Self.row(1, 11, "b", character: "Him")
            // 2: person 21 joins; 3 is gone (no rows tonight); 4 unchanged; 5 changed but not named.
            + Self.row(2, 20, "c") + Self.row(2, 21, "g") + Self.row(4, 40, "e") + Self.row(5, 51, "f")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = { (csv: String) throws -> String in format == .csv ? csv : try Self.ndjson(csv) }
        let previousPath = try directory.write(try text(previous), to: "previous")
        let tonightPath = try directory.write(try text(tonight), to: "tonight")
        let moved = try MovedCredits.people(
            in: Self.table, previous: previousPath, tonight: tonightPath, format: format, titles: [1, 2, 3, 4])
        #expect(moved == [11, 21, 30])
    }

    @Test("a title whose rows only moved within the file (same credits, other order) moves nobody")
    func reorderedRowsMoveNobody() throws {
        let previous = Self.header + Self.row(7, 70, "x") + Self.row(7, 71, "y")
        let tonight = Self.header + Self.row(7, 71, "y") + Self.row(7, 70, "x")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let moved = try MovedCredits.people(
            in: Self.table, previous: try directory.write(previous, to: "p"),
            tonight: try directory.write(tonight, to: "t"),
            format: .csv, titles: [7])
        #expect(moved.isEmpty)
    }
}
