import Foundation
import Gzip
import TMDBSandbox
import Testing

@Suite("GzipInflater: gzip decoded as it streams, bounded by a limit on decoded bytes")
struct GzipInflaterTests {
    static let text = Array(String(repeating: "{\"title\":\"Café, \\\"quoted\\\"\\n\",\"id\":550},", count: 400).utf8)

    /// Feeds `input` to a fresh inflater in pieces of `piece` bytes and returns what it produced.
    func inflate(_ input: [UInt8], piece: Int = .max, limit: Int = 1 << 30) throws -> Data {
        let inflater = try GzipInflater()
        var output = Data()
        var start = 0
        while start < input.count {
            let end = min(input.count, start + min(piece, input.count - start))
            let piece = Array(input[start..<end])
            try piece.withUnsafeBytes { bytes in
                try inflater.inflate(bytes, appendingTo: &output, limit: limit)
            }
            start = end
        }
        try inflater.finish()
        return output
    }

    @Test("decodes a gzip body whatever pieces it arrives in", arguments: [1, 7, 1_000, Int.max])
    func roundTrip(piece: Int) throws {
        #expect(try inflate(Gzip.compress(Self.text), piece: piece) == Data(Self.text))
    }

    @Test("decodes two gzip members in a row as one body, as gunzip does")
    func twoMembers() throws {
        let first = Array("first half, ".utf8)
        let second = Array("second half".utf8)
        #expect(try inflate(Gzip.compress(first) + Gzip.compress(second), piece: 5) == Data(first + second))
    }

    @Test("stops a gzip bomb at the limit, having appended nothing past it")
    func bombStopsAtLimit() throws {
        let bomb = Gzip.bomb(mebibytes: 256)
        #expect(bomb.count < 300 << 10, "256 MiB of zeros in \(bomb.count) bytes")
        let inflater = try GzipInflater()
        var output = Data()
        let limit = 8 << 20
        #expect(throws: GzipInflater.Failure.tooLarge(limit: limit)) {
            try bomb.withUnsafeBytes { try inflater.inflate($0, appendingTo: &output, limit: limit) }
        }
        #expect(output.count <= limit)
    }

    @Test("inflates the sandbox's bomb to exactly its size in zero bytes: a valid stream, checksum included")
    func bombIsValidGzip() throws {
        let output = try inflate(Gzip.bomb(mebibytes: 5), piece: 4_096)
        #expect(output.count == 5 << 20)
        #expect(output.allSatisfy { $0 == 0 })
    }

    @Test("refuses a body that ends inside its gzip member", arguments: [0, 1, 10, 100, 8])
    func truncated(cut: Int) throws {
        let whole = Gzip.compress(Self.text)
        // cut 0: an empty body; otherwise the whole stream but its last `cut` bytes (8 removes just the trailer).
        let body = cut == 0 ? [] : Array(whole.dropLast(cut))
        #expect(throws: GzipInflater.Failure.truncated) { _ = try inflate(body) }
    }

    @Test("tells a CRC-32 or length that does not match the data from other damage", arguments: [6, 2])
    func checksumMismatch(fromEnd: Int) throws {
        // The trailer is the CRC-32 (bytes -8 to -5), then the length (-4 to -1).
        var badTrailer = Gzip.compress(Self.text)
        badTrailer[badTrailer.count - fromEnd] ^= 0x01
        #expect(throws: GzipInflater.Failure.checksumMismatch) { _ = try inflate(badTrailer) }
    }

    @Test("hands the output to a closure in pieces of at most one step, and stops when the closure throws")
    func piecesToClosure() throws {
        struct Enough: Error {}
        let big = Array((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let inflater = try GzipInflater()
        var pieces: [Int] = []
        var output: [UInt8] = []
        try Gzip.compress(big).withUnsafeBytes { bytes in
            try inflater.inflate(bytes) { piece in
                pieces.append(piece.count)
                output += piece
            }
        }
        try inflater.finish()
        #expect(output == big)
        #expect(pieces.allSatisfy { $0 > 0 && $0 <= GzipInflater.stepSize })
        let stopping = try GzipInflater()
        var calls = 0
        #expect(throws: Enough.self) {
            try Gzip.compress(big).withUnsafeBytes { bytes in
                try stopping.inflate(bytes) { _ in
                    calls += 1
                    throw Enough()
                }
            }
        }
        #expect(calls == 1)
    }

    @Test("refuses data that is not gzip, or a stream damaged in its middle")
    func corrupt() throws {
        var damaged = Gzip.compress(Self.text)
        damaged[damaged.count / 2] ^= 0xFF
        for body in [Array("{\"plain\": \"json\"}".utf8), damaged] {
            #expect {
                _ = try inflate(body)
            } throws: { error in
                if case GzipInflater.Failure.corrupt = error { return true }
                return false
            }
        }
    }
}
