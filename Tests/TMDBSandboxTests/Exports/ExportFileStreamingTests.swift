import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Streamed export files", .timeLimit(.minutes(15)))
struct ExportFileStreamingTests {
    static let day = ExportDay(isoDate: "2024-05-15")!
    /// Large enough for hundreds of pieces; `bench/catalogue` streams a 1,000,000-id file in a release build (in a
    /// debug build that costs half a minute of both cores, which starves the suite's transport tests).
    static let large = options {
        $0.catalogueSize = 150_000
        $0.now = { Date(timeIntervalSince1970: 19_859 * 86_400 + 10 * 3_600) }
    }

    @Test("answer an export file with a generator, not a body held in memory")
    func generated() throws {
        let router = SandboxRouter(
            options: Self.large, catalogue: .shared,
            ledger: RequestLedger(rateLimit: nil, recordsRequests: false), configuration: [])
        let head = try HTTPRequestHead(
            parsing: Array("GET /p/exports/movie_ids_05_15_2024.json.gz HTTP/1.1\r\nHost: x".utf8)[...])
        let response = router.respond(to: head).response
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.streamedBody != nil)
    }

    @Test("produce pieces of bounded size, whatever the number of ids")
    func boundedPieces() throws {
        let universe = SandboxCatalogueUniverse(movieCount: 60_000)
        let producer = ExportFileProducer(
            universe: universe, file: try #require(ExportFileName("movie_ids_05_15_2024.json.gz")))
        let inflater = StreamingGunzip()
        var pieces = 0
        var largest = 0
        var lines = 0
        while let piece = producer.next() {
            pieces += 1
            largest = max(largest, piece.count)
            try inflater.feed(piece) { lines += $0.count { $0 == 0x0A } }
        }
        #expect(inflater.isFinished)
        #expect(lines == universe.ids(.movie, on: Self.day, adult: false).count)
        #expect(pieces > 10)
        // One batch of lines, compressed: far below the file (about 5 MB inflated).
        #expect(largest < ExportFilePieces.linesPerPiece * 128)
    }

    @Test("stream a 150,000-id file that reads through to the last line")
    func largeFile() async throws {
        try await withSandbox(Self.large) { server in
            let port = server.port
            let (status, lines, finished) = try await onOwnThread {
                let connection = try RawHTTPConnection(port: port)
                let head = try connection.get(
                    "/p/exports/movie_ids_05_15_2024.json.gz", authorized: false, toHead: true)
                let inflater = StreamingGunzip()
                var lines = 0
                try connection.readChunks { piece in
                    try inflater.feed(piece) { lines += $0.count { $0 == 0x0A } }
                }
                return (head.status, lines, inflater.isFinished)
            }
            #expect(status == 200)
            #expect(finished)
            let adult = try await onOwnThread { (0..<150_000).count { server.universe.isAdult(.movie, slot: $0) } }
            #expect(lines == 150_000 - adult)
            #expect(adult > 700)
        }
    }
}
