import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("Reading chosen columns back from a run's CSV and NDJSON files")
struct ColumnReaderTests {
    static let hardFields = [
        "plain", "a,b", "say \"hi\"", "\"", "line\nbreak", "crlf\r\nend", "  spaces kept  ", "千と千尋の神隠し",
        "👨‍👩‍👧 family, 🇫🇷", "",
    ]

    @Test(
        "reads back every field CSVEncoding writes, whatever the reads cut through",
        arguments: [1, 2, 3, 7, 1 << 20])
    func csvRoundTrip(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let records =
            [["id", "text", "skipped", "tail"]]
            + Self.hardFields.enumerated().map { index, field in
                ["\(index)", field, "\"ignored, \"\"quoted\"\"\nlines\"", field.isEmpty ? "" : "end \(index)"]
            }
        let path = try ReportFixtures.writeCSV(records, to: "t.csv", in: directory.path)
        let reader = try CSVColumnReader(path: path, columns: ["tail", "text", "absent"], chunkSize: chunkSize)
        var read: [[String?]] = []
        while let values = try reader.next() { read.append(values) }
        #expect(read.count == Self.hardFields.count)
        for (index, field) in Self.hardFields.enumerated() {
            #expect(read[index] == [field.isEmpty ? nil : "end \(index)", field.isEmpty ? nil : field, nil])
        }
    }

    @Test(
        "reads strings, numbers, booleans and arrays of NDJSON objects, nulls and missing members as nil",
        arguments: [1, 5, 1 << 20])
    func ndjson(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(
            #"""
            {"rank":1,"title":"A \"quoted\"\nline","vote_average":9.0,"genres":["Drama","Crime"],"adult":false}
            {"rank":2,"title":null,"vote_average":1e1,"genres":[],"extra":{"nested":[1,{"x":2}]}}

            {"rank":3,"genre_ids":[18,80],"title":"Ünïcödé 🎬"}
            """#, to: "t.ndjson")
        let reader = try NDJSONColumnReader(
            path: path, columns: ["rank", "title", "vote_average", "genres", "adult", "genre_ids"],
            chunkSize: chunkSize)
        var read: [[String?]] = []
        while let values = try reader.next() { read.append(values) }
        #expect(
            read == [
                ["1", "A \"quoted\"\nline", "9.0", "Drama|Crime", "false", nil],
                ["2", nil, "1e1", nil, nil, nil],
                ["3", "Ünïcödé 🎬", nil, nil, nil, "18|80"],
            ])
    }

    @Test("names the file and line of an NDJSON line that is not an object")
    func ndjsonError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("{\"rank\":1}\n{\"rank\":\n", to: "broken.ndjson")
        let reader = try NDJSONColumnReader(path: path, columns: ["rank"])
        #expect(try reader.next() == ["1"])
        let error = #expect(throws: OutputError.self) { try reader.next() }
        #expect(error?.path == path)
        #expect(error?.reason.hasPrefix("line 2 is not a JSON object") == true)
    }

    @Test("refuses a CSV file without a header row")
    func emptyCSV() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("", to: "empty.csv")
        #expect(throws: OutputError.self) { try CSVColumnReader(path: path, columns: ["id"]) }
    }
}
