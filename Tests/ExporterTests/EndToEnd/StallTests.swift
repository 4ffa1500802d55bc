import Foundation
@testable import Exporter
import HTTPClient
import TMDBAPI
import TestSupport
import Testing

@Suite("A run that cannot progress ends by itself")
struct StallTests {
    let job = Job(name: "stall", requests: [.init(list: .topRated, pages: .range(1...4))], posters: nil, concurrency: 2)

    func exporter(_ transport: any HTTPTransport, output: TemporaryDirectory, stallLimit: Duration?, resume: Bool = false)
        -> Exporter
    {
        var exporter = ExportHarness.exporter(transport, outputRoot: output.path)
        exporter.options.stallLimit = stallLimit
        exporter.options.resume = resume
        return exporter
    }

    @Test("stops a run whose server never answers, names what it waited on, and releases the job's lock")
    func serverNeverAnswers() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let hanging = HangingTransport(hanging: { _ in true })
        let started = ContinuousClock.now
        let error = await #expect(throws: ExportError.self) {
            try await exporter(hanging, output: output, stallLimit: .milliseconds(300)).run(job)
        }
        #expect(ContinuousClock.now - started < .seconds(30))
        guard case .stalled(let limit, let waiting)? = error else {
            Issue.record("expected a stall, got \(String(describing: error))")
            return
        }
        #expect(limit == .milliseconds(300))
        #expect(waiting.contains { $0.hasPrefix("GET configuration on the wire for ") })
        #expect("\(error!)".hasPrefix("the run stopped: nothing finished for 0.3 s, its stall limit; waiting on: "))

        let report = try await exporter(CountingTMDBTransport(totalPages: 4), output: output, stallLimit: nil).run(job)
        #expect(report.manifest.status == .complete, "the lock was released")
    }

    @Test("stops when the last pages hang, keeps what was fetched for --resume, and resumes it")
    func lastPagesHang() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let pages = CountingTMDBTransport(totalPages: 4)
        let hanging = HangingTransport(hanging: { $0.url.query?.contains("page=3") == true }, rest: pages)
        // A second: long enough that the pages which do answer are never mistaken for a stall on a busy machine.
        let error = await #expect(throws: ExportError.self) {
            try await exporter(hanging, output: output, stallLimit: .seconds(1)).run(job)
        }
        guard case .stalled(_, let waiting)? = error else {
            Issue.record("expected a stall, got \(String(describing: error))")
            return
        }
        #expect(waiting.count == 1)
        #expect(waiting.first?.hasPrefix("GET movie/top_rated?") == true && waiting.first?.contains("page=3") == true)
        let staged = try FileManager.default.contentsOfDirectory(atPath: output.path + "/stall/staging")
        #expect(staged.count == 1)
        let manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(contentsOf: URL(fileURLWithPath: output.path + "/stall/staging/\(staged[0])/manifest.json")))
        #expect(manifest.status == .failed)

        let report = try await exporter(pages, output: output, stallLimit: nil, resume: true).run(job)
        #expect(report.manifest.status == .complete)
        #expect(report.manifest.resumed)
        #expect(report.manifest.requests[0].pagesFromCache == 3)
    }
}

/// A transport that never answers the requests `hanging` picks (until cancelled), and passes the rest on.
final class HangingTransport: HTTPTransport {
    let hanging: @Sendable (HTTPRequest) -> Bool
    let rest: (any HTTPTransport)?

    init(hanging: @escaping @Sendable (HTTPRequest) -> Bool, rest: (any HTTPTransport)? = nil) {
        self.hanging = hanging
        self.rest = rest
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if !hanging(request), let rest { return try await rest.send(request) }
        // Only cancellation ends this: a server that accepted the request and never answers.
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
