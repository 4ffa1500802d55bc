import TestSupport
import Testing

@testable import RunStore

@Suite("CSV encoding (RFC 4180)")
struct CSVEncodingTests {
    @Test(
        "quotes a field only when it holds a comma, quote, CR or LF, doubling inner quotes",
        arguments: [
            ("plain", "plain"),
            ("", ""),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("\"", "\"\"\"\""),
            ("line\nbreak", "\"line\nbreak\""),
            ("crlf\r\nend", "\"crlf\r\nend\""),
            ("cr\ronly", "\"cr\ronly\""),
            ("  spaces kept  ", "  spaces kept  "),
            ("tab\there", "tab\there"),
            ("千と千尋の神隠し", "千と千尋の神隠し"),
            ("مرحبا بالعالم", "مرحبا بالعالم"),
            ("👨‍👩‍👧 family, 🇫🇷", "\"👨‍👩‍👧 family, 🇫🇷\""),
            ("=1+1", "=1+1"),
        ])
    func quoting(field: String, expected: String) {
        var buffer: [UInt8] = []
        CSVEncoding.appendField(field, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == expected)
    }

    @Test("ends every record with LF only")
    func recordTerminator() {
        #expect(String(decoding: CSVEncoding.record(["a", "b,c"]), as: UTF8.self) == "a,\"b,c\"\n")
    }

    @Test("survives a round trip through a strict RFC 4180 reader, byte for byte")
    func roundTrip() throws {
        let records = [
            ["rank", "title", "overview"],
            ["1", "Commas, everywhere", "\"Quoted\" and \"\"double\"\""],
            ["2", "Line\nBreak", "Windows\r\nline"],
            ["3", "\"", ""],
            ["4", "👨‍👩‍👧 🇫🇷 שלום עולם", "tab\tand back\\slash"],
        ]
        var buffer: [UInt8] = []
        for record in records { CSVEncoding.appendRecord(record, to: &buffer) }
        let text = String(decoding: buffer, as: UTF8.self)
        let parsed = try CSVReader.records(text)
        #expect(parsed == records)
        #expect(parsed.flatMap { $0 }.map { Array($0.utf8) } == records.flatMap { $0 }.map { Array($0.utf8) })
    }
}
