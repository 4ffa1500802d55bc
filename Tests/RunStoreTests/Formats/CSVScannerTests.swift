import Testing

@testable import RunStore

@Suite("CSV scanner: the one reader of the records and fields CSVEncoding writes")
struct CSVScannerTests {
    static let hardFields = [
        "plain", "a,b", "say \"hi\"", "\"", "line\nbreak", "crlf\r\nend", "  spaces kept  ", "千と千尋の神隠し",
        "👨‍👩‍👧 family, 🇫🇷", "", "\"\"", ",\n,",
    ]

    static var text: [UInt8] {
        Self.hardFields.enumerated().flatMap { index, field in
            CSVEncoding.record(["\(index)", field, "tail \(index)"])
        }
    }

    @Test("splits the encoder's records and fields and reads every value back as it was written")
    func roundTrip() {
        let text = Self.text
        let records = CSVScanner.recordRanges(in: text)
        #expect(records.count == Self.hardFields.count)
        for (index, range) in records.enumerated() {
            var values: [String] = []
            text.withUnsafeBytes { bytes in
                let record = UnsafeRawBufferPointer(rebasing: bytes[range])
                CSVScanner.fields(in: record) { column, field in
                    #expect(column == values.count)
                    values.append(String(decoding: CSVScanner.value(of: record[field]), as: UTF8.self))
                    return true
                }
            }
            #expect(values == ["\(index)", Self.hardFields[index], "tail \(index)"])
        }
    }

    @Test("finds the same record ends when the text arrives cut at any byte, carrying the quote state across")
    func recordEndsAcrossCuts() {
        let text = Self.text
        let whole = CSVScanner.recordRanges(in: text).map(\.upperBound)
        for cut in 1..<text.count {
            var ends: [Int] = []
            var start = 0
            var from = 0
            var quoted = false
            text.withUnsafeBytes { bytes in
                // First only the bytes before the cut are there; then all of them, the look going on from where it
                // stopped.
                for available in [cut, text.count] {
                    let visible = UnsafeRawBufferPointer(rebasing: bytes[..<available])
                    while let end = CSVScanner.recordEnd(in: visible, from: max(from, start), quoted: &quoted) {
                        ends.append(end)
                        start = end
                        from = end
                        quoted = false
                    }
                    from = available
                }
            }
            #expect(ends == whole, "cut at byte \(cut)")
        }
    }

    @Test("stops handing fields when asked, and drops a carriage return outside quotes only")
    func stopsAndCarriageReturns() {
        let record: [UInt8] = Array("1,\"a\r\nb\",c\r\n".utf8)
        var seen: [String] = []
        record.withUnsafeBytes { bytes in
            CSVScanner.fields(in: bytes) { _, field in
                seen.append(String(decoding: CSVScanner.value(of: bytes[field]), as: UTF8.self))
                return seen.count < 3
            }
        }
        #expect(seen == ["1", "a\r\nb", "c"])
        var first: [Int] = []
        record.withUnsafeBytes { bytes in
            CSVScanner.fields(in: bytes) { column, _ in
                first.append(column)
                return false
            }
        }
        #expect(first == [0])
    }
}
