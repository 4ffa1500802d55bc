import Foundation
import Testing

@testable import RunStore

@Suite("Page cache records")
struct PageLogRecordTests {
    let first = Data(#"{"page":1,"results":[{"id":7}],"total_pages":3}"#.utf8)
    let second = Data("{\"page\":2,\"results\":[{\"title\":\"Amélie\\nline\"}]}\n\n".utf8)

    @Test("reads back what was written, with each body's exact bytes")
    func roundTrip() {
        let file = PageLogRecord.encode(page: 1, body: first) + PageLogRecord.encode(page: 2, body: second)
        let (records, validLength) = PageLogRecord.scan(file)
        #expect(records.map(\.page) == [1, 2])
        #expect(records.count == 2)
        if records.count == 2 {
            #expect(file[records[0].body] == first)
            #expect(file[records[1].body] == second)
        }
        #expect(validLength == file.count)
    }

    @Test("writes a header naming the page, the length and the checksum")
    func header() {
        let record = PageLogRecord.encode(page: 17, body: first)
        let header = String(decoding: record.prefix(while: { $0 != UInt8(ascii: "\n") }), as: UTF8.self)
        #expect(header == "page 17 \(first.count) \(String(FNV1a64.hash(first), radix: 16))")
    }

    @Test("stops at a record cut short anywhere, keeping the ones before it", arguments: [1, 2, 3, 20, 60, 77])
    func truncated(bytesLost: Int) {
        let whole = PageLogRecord.encode(page: 1, body: first)
        let cut = PageLogRecord.encode(page: 2, body: second)
        #expect(cut.count > bytesLost)
        let file = whole + cut.dropLast(bytesLost)
        let (records, validLength) = PageLogRecord.scan(file)
        #expect(records.map(\.page) == [1])
        #expect(validLength == whole.count)
    }

    @Test("stops at a record whose body does not match its checksum, and at everything after it")
    func damaged() {
        let whole = PageLogRecord.encode(page: 1, body: first)
        var damaged = PageLogRecord.encode(page: 2, body: second)
        damaged[damaged.count - 5] = 0
        let file = whole + damaged + PageLogRecord.encode(page: 3, body: first)
        let (records, validLength) = PageLogRecord.scan(file)
        #expect(records.map(\.page) == [1])
        #expect(validLength == whole.count)
    }

    @Test(
        "finds nothing in an empty file, in zeros, or in a header that is not one",
        arguments: [
            Data(), Data(count: 200), Data("page x 3 0\nabc\n".utf8), Data("page 1 -3 0\nabc\n".utf8),
            Data("page 1 99999999999999999999 0\n".utf8), Data((String(repeating: "9", count: 100) + "\n").utf8),
        ])
    func nothing(file: Data) {
        let (records, validLength) = PageLogRecord.scan(file)
        #expect(records.isEmpty)
        #expect(validLength == 0)
    }
}
