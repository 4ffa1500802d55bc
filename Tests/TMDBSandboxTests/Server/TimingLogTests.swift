import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("The sandbox's timing log", .timeLimit(.minutes(15)))
struct TimingLogTests {
    /// One parsed line of the log.
    struct Line {
        var connection: Int
        var arrived: UInt64
        var sent: UInt64
        var status: Int
        var path: String

        init(_ text: Substring) throws {
            let fields = text.split(separator: " ")
            try #require(fields.count == 5, "line \"\(text)\"")
            connection = try #require(Int(fields[0]))
            arrived = try #require(UInt64(fields[1]))
            sent = try #require(UInt64(fields[2]))
            status = try #require(Int(fields[3]))
            path = String(fields[4])
        }
    }

    @Test("writes one line per answered request, numbered by connection, with the latency between its times")
    func linePerRequest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/timing.log"
        let poster = try #require(SandboxCatalogue.shared.movies.lazy.compactMap(\.posterPath).first)
        let before = TimingLog.now()
        try await withSandbox(
            options {
                $0.timingLogPath = path
                $0.faults.latency = .milliseconds(20)
            }
        ) { server in
            let first = try RawHTTPConnection(port: server.port)
            #expect(try first.get("/3/movie/popular?page=2").status == 200)
            #expect(
                try first.get("/3/movie/popular?page=3&api_key=\(SandboxServer.apiKey)", authorized: false).status
                    == 200)
            let second = try RawHTTPConnection(port: server.port)
            #expect(try second.get("/t/p/w92\(poster)", authorized: false).status == 200)
            #expect(try first.get("/3/movie/nosuch").status == 404)
        }
        // The server has stopped, so every line is written.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = try text.split(separator: "\n").map(Line.init)
        try #require(lines.count == 4, "log:\n\(text)")
        let byConnection = Dictionary(grouping: lines, by: \.connection)
        #expect(Set(byConnection.keys) == [1, 2])
        #expect(byConnection[1]?.map(\.path) == ["/3/movie/popular", "/3/movie/popular", "/3/movie/nosuch"])
        #expect(byConnection[1]?.map(\.status) == [200, 200, 404])
        #expect(byConnection[2]?.map(\.path) == ["/t/p/w92\(poster)"])
        for line in lines {
            #expect(line.arrived >= before)
            #expect(line.sent >= line.arrived + 20_000_000, "answered before the 20 ms latency: \(line)")
        }
        let first = try #require(byConnection[1])
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.sent <= $1.arrived })
        #expect(!text.contains("api_key"))
        #expect(!text.contains(SandboxServer.apiKey))
    }

    @Test("refuses to start when the log cannot be created, naming the path")
    func unopenablePath() throws {
        let path = "/nonexistent-\(UUID().uuidString)/timing.log"
        let server = SandboxServer(options: options { $0.timingLogPath = path })
        #expect(throws: SandboxError.cannotOpenTimingLog(path: path, errno: ENOENT)) { try server.start() }
        #expect(SandboxError.cannotOpenTimingLog(path: path, errno: ENOENT).description.contains(path))
        #expect(server.port == 0)
    }
}
