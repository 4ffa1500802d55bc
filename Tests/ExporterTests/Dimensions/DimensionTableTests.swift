import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Dimension exports read into their tables: id order, first line of an id, the catalogue's null rules")
struct DimensionTableTests {
    /// Writes `lines` gzip-compressed as `name` and returns the path.
    static func file(_ lines: [String], _ directory: TemporaryDirectory, name: String = "keyword_ids.json.gz") throws
        -> String
    {
        let path = (directory.path as NSString).appendingPathComponent(name)
        try Data(Gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    static func badExport(_ body: () throws(ExportError) -> Void) -> (file: String, line: Int, reason: String)? {
        do throws(ExportError) {
            try body()
        } catch {
            if case .badIDExport(let file, let line, let reason) = error { return (file, line, reason) }
        }
        return nil
    }

    @Test("writes one row per id in id order, the first line's name of a repeated id, empty and null names as null")
    func writesTable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file(
            [
                #"{"id":818,"name":"based on novel or book"}"#, #"{"id":12,"name":"london, england"}"#,
                #"{"id":818,"name":"a later name"}"#, "", #"{"id":7,"name":""}"#,
                #"{"id":9,"name":null,"extra":[1,2]}"#, #"{"id":30,"name":"\"found\nfootage\" 東京"}"#,
            ], directory)
        let entries = try DimensionEntries.read(path, lineLimit: ExportLineLimit(.keyword))
        #expect(entries.lines == 6 && entries.duplicates == 1 && entries.count == 5)
        let files = try DimensionTableWriter.write(
            entries, table: DimensionTable.table(.keyword), formats: OutputFormat.allCases, into: directory.path)
        #expect(files.map(\.path) == ["keywords.csv", "keywords.ndjson"])
        #expect(files.allSatisfy { $0.rows == 5 })
        let csv = try directory.read("keywords.csv")
        #expect(
            csv
                == [
                    "id,name", "7,", "9,", #"12,"london, england""#, #"30,"""found"#, #"footage"" 東京""#,
                    "818,based on novel or book", "",
                ].joined(separator: "\n"))
        let ndjson = try directory.read("keywords.ndjson")
        #expect(
            ndjson
                == [
                    #"{"id":7,"name":null}"#, #"{"id":9,"name":null}"#, #"{"id":12,"name":"london, england"}"#,
                    #"{"id":30,"name":"\"found\nfootage\" 東京"}"#, #"{"id":818,"name":"based on novel or book"}"#,
                    "",
                ].joined(separator: "\n"))
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: directory.path + "/" + file.path))
            #expect(file.bytes == data.count && file.sha256 == SHA256.hex(of: Array(data)))
        }
    }

    @Test(
        "stops at a line without a sound id, naming the file and the line",
        arguments: [
            (#"{"name":"no id"}"#, "no \"id\""), (#"{"id":"7","name":"x"}"#, "\"id\" is not an integer"),
            (#"{"id":0,"name":"x"}"#, "the id 0 is not between 1 and 4294967295"), ("not json", "not a"),
        ])
    func badLine(line: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file([#"{"id":1,"name":"a"}"#, #"{"id":2,"name":"b"}"#, line], directory)
        let failure = try #require(
            Self.badExport { () throws(ExportError) in
                _ = try DimensionEntries.read(path, lineLimit: ExportLineLimit(.network))
            })
        #expect(failure.file == path && failure.line == 3)
        #expect(failure.reason.contains(reason), "\(failure.reason)")
    }

    @Test("stops at the line past its type's bound")
    func lineLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file((1...5).map { #"{"id":\#($0),"name":"n"}"# }, directory)
        let failure = try #require(
            Self.badExport { () throws(ExportError) in
                _ = try DimensionEntries.read(
                    path, lineLimit: ExportLineLimit(type: .network, typical: 1, maximum: 4))
            })
        #expect(failure.line == 5 && failure.reason.hasPrefix("more than 4 lines"))
        #expect(ExportLineLimit(.company).maximum == 4 * 250_000)
    }

    @Test("names its export files as TMDB does, and reads back only those names")
    func fileNames() throws {
        let day = try #require(ExportDay("2026-11-23"))
        let names = DimensionType.allCases.map { DimensionExportFile(type: $0, day: day).fileName }
        #expect(
            names == [
                "keyword_ids_11_23_2026.json.gz", "production_company_ids_11_23_2026.json.gz",
                "tv_network_ids_11_23_2026.json.gz",
            ])
        #expect(names.map { DimensionExportFile(fileName: $0)?.fileName } == names)
        #expect(DimensionExportFile(fileName: "keyword_ids_02_30_2026.json.gz") == nil)
        #expect(DimensionExportFile(fileName: "movie_ids_11_23_2026.json.gz") == nil)
        #expect(DimensionExportFile(fileName: ".keyword_ids_11_23_2026.json.gz.tmp-1-2") == nil)
    }
}
