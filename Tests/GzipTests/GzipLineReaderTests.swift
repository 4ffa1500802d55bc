import Foundation
import Gzip
import TMDBSandbox
import TestSupport
import Testing

@Suite("GzipLineReader: a gzip file read line by line, 64 KiB at a time, with errors that name file and line")
struct GzipLineReaderTests {
    /// Lines of varying length (some empty, one longer than a read) with text that compresses poorly, so the file
    /// takes several reads and line ends fall anywhere in the inflated pieces.
    static let lines: [String] =
        (1...12_000).map { number in
            let noise = String(UInt64(number).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15).low, radix: 36)
            return number % 997 == 0
                ? "" : "{\"id\":\(number),\"text\":\"\(noise)" + String(repeating: "x", count: number % 83) + "\"}"
        } + [String(repeating: "long ", count: 30_000)]

    /// Reads `path` and returns each line as text with its number.
    static func read(_ path: String, maximumLineBytes: Int = GzipLineReader.defaultMaximumLineBytes) throws -> [(
        Int, String
    )] {
        var seen: [(Int, String)] = []
        try GzipLineReader(path: path, maximumLineBytes: maximumLineBytes).forEachLine { line, number in
            seen.append((number, String(decoding: line, as: UTF8.self)))
        }
        return seen
    }

    static func write(_ bytes: [UInt8], in directory: TemporaryDirectory, name: String = "ids.json.gz") throws
        -> String
    {
        let path = (directory.path as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func gzipText(_ lines: [String], trailingNewline: Bool = true) -> [UInt8] {
        Gzip.compress(Array((lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).utf8))
    }

    /// The failure `body` throws, or nil.
    static func failure(_ body: () throws -> Void) -> GzipLineReader.Failure? {
        do {
            try body()
            return nil
        } catch {
            return error as? GzipLineReader.Failure
        }
    }

    @Test("hands over every line with its 1-based number, lines spanning reads and empty lines included")
    func readsEveryLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let compressed = Self.gzipText(Self.lines)
        #expect(compressed.count > 64 * 1_024, "the file spans several reads")
        let seen = try Self.read(try Self.write(compressed, in: directory))
        #expect(seen.map(\.0) == Array(1...Self.lines.count))
        #expect(seen.map(\.1) == Self.lines)
    }

    @Test("returns the number of lines; a last line without a newline is a line", arguments: [true, false])
    func lastLine(trailingNewline: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.write(Self.gzipText(["a", "b", "c"], trailingNewline: trailingNewline), in: directory)
        var texts: [String] = []
        let count = try GzipLineReader(path: path).forEachLine { line, _ in
            texts.append(String(decoding: line, as: UTF8.self))
        }
        #expect(count == 3)
        #expect(texts == ["a", "b", "c"])
    }

    @Test("reads several gzip members in a row as one file, a line running across the boundary")
    func multiMember() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Gzip.compress(Array("one\ntw".utf8)) + Gzip.compress(Array("o\nthree\n".utf8))
        let seen = try Self.read(try Self.write(bytes, in: directory))
        #expect(seen.map(\.1) == ["one", "two", "three"])
    }

    @Test("refuses a file that is not gzip, or empty, at line 1", arguments: ["{\"id\":1}\n", ""])
    func notGzip(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.write(Array(text.utf8), in: directory)
        let failure = Self.failure { _ = try Self.read(path) }
        #expect(failure == GzipLineReader.Failure(path: path, line: 1, kind: .notGzip))
        #expect(failure?.description.hasPrefix("\(path), line 1: not a gzip file") == true)
    }

    @Test("refuses a file whose CRC-32 does not match, after the lines it read")
    func checksum() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = Self.gzipText(["a", "b"])
        bytes[bytes.count - 7] ^= 0x40
        let path = try Self.write(bytes, in: directory)
        #expect(Self.failure { _ = try Self.read(path) } == .init(path: path, line: 3, kind: .checksumMismatch))
    }

    @Test("refuses a file cut short, naming the line it was cut in, after handing over the lines before it")
    func truncated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = Self.gzipText(Self.lines)
        let path = try Self.write(Array(whole.prefix(whole.count / 2)), in: directory)
        var seen: [String] = []
        let failure = Self.failure {
            try GzipLineReader(path: path).forEachLine { line, _ in seen.append(String(decoding: line, as: UTF8.self)) }
        }
        #expect(failure?.kind == .truncated)
        #expect(failure?.line == seen.count + 1)
        #expect(seen.count > 100 && seen.count < Self.lines.count)
        #expect(seen == Array(Self.lines.prefix(seen.count)))
    }

    @Test("refuses a line longer than the limit, naming it", arguments: [10, 1 << 20])
    func lineTooLong(limit: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let long = String(repeating: "y", count: limit + 1)
        let path = try Self.write(Self.gzipText(["short", long, "after"]), in: directory)
        #expect(
            Self.failure { _ = try Self.read(path, maximumLineBytes: limit) }
                == .init(path: path, line: 2, kind: .lineTooLong(limit: limit)))
        // A line of exactly the limit is accepted.
        let exact = try Self.write(Self.gzipText([String(long.dropLast())]), in: directory, name: "exact.json.gz")
        #expect(try Self.read(exact, maximumLineBytes: limit).count == 1)
    }

    @Test("stops at once when the closure throws, passing its error on")
    func closureThrows() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.write(Self.gzipText(Self.lines), in: directory)
        var calls = 0
        #expect(throws: Stop.self) {
            try GzipLineReader(path: path).forEachLine { _, number in
                calls += 1
                if number == 5 { throw Stop() }
            }
        }
        #expect(calls == 5)
    }

    @Test("says why a file cannot be opened")
    func missingFile() {
        let failure = Self.failure { _ = try Self.read("/nonexistent/movie_ids.json.gz") }
        #expect(failure?.kind == .unreadable("No such file or directory"))
    }
}
