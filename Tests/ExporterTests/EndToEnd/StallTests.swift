import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("A run that cannot progress ends by itself", .timeLimit(.minutes(15)))
struct StallTests {
    let job = Job(name: "stall", requests: [.init(list: .topRated, pages: .range(1...4))], posters: nil, concurrency: 2)
    let limit = Duration.seconds(750)

    func exporter(
        _ transport: any HTTPTransport, output: TemporaryDirectory, clock: ManualClock? = nil, resume: Bool = false,
        onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) -> Exporter {
        var exporter = ExportHarness.exporter(transport, outputRoot: output.path)
        exporter.options.stallLimit = limit
        exporter.options.resume = resume
        exporter.onEvent = onEvent
        if let clock { exporter.stallClock = ElapsedClock(clock) }
        return exporter
    }

    @Test("stops a run whose server never answers once the stall limit passes, names what it waited on, frees the lock")
    func serverNeverAnswers() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let hanging = HangingTransport(hanging: { _ in true })
        let clock = ManualClock()
        let stalling = exporter(hanging, output: output, clock: clock)
        let run = Task { try await stalling.run(job) }
        // The concurrency's two slots: the genre list and page 1.
        await hanging.waitForHanging(2)
        try await clock.waitForSleepers(1)
        clock.advance(by: limit - .seconds(1))
        try await clock.waitForSleepers(1)
        #expect(hanging.hangingCount == 2, "nothing ends a second before the limit")
        clock.advance(by: .seconds(1))
        let error = await #expect(throws: ExportError.self) { try await run.value }
        guard case .stalled(let after, let waiting)? = error else {
            Issue.record("expected a stall, got \(String(describing: error))")
            return
        }
        #expect(after == limit)
        #expect(waiting.count == 2 && waiting.allSatisfy { $0.contains(" on the wire for ") })
        #expect(waiting.contains { $0.hasPrefix("GET genre/movie/list?") })
        #expect("\(error!)".hasPrefix("the run stopped: nothing finished for 750 s, its stall limit; waiting on: GET "))

        let report = try await exporter(CountingTMDBTransport(totalPages: 4), output: output).run(job)
        #expect(report.manifest.status == .complete, "the lock was released")
    }

    @Test("stops when the last pages hang, keeps what was fetched for --resume, and resumes it")
    func lastPagesHang() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let pages = CountingTMDBTransport(totalPages: 4)
        let hanging = HangingTransport(hanging: { $0.url.query?.contains("page=3") == true }, rest: pages)
        let clock = ManualClock()
        let finished = Counter()
        let stalling = exporter(hanging, output: output, clock: clock) { event in
            if case .pageFinished = event { finished.add(1) }
        }
        let run = Task { try await stalling.run(job) }
        await hanging.waitForHanging(1)
        await finished.wait(for: 3)
        try await clock.waitForSleepers(1)
        clock.advance(by: limit)
        let error = await #expect(throws: ExportError.self) { try await run.value }
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

        let report = try await exporter(pages, output: output, resume: true).run(job)
        #expect(report.manifest.status == .complete)
        #expect(report.manifest.resumed)
        #expect(report.manifest.requests[0].pagesFromCache == 3)
    }
}

/// A transport that never answers the requests `hanging` picks (until cancelled), and passes the rest on.
final class HangingTransport: HTTPTransport {
    let hanging: @Sendable (HTTPRequest) -> Bool
    let rest: (any HTTPTransport)?
    private let hung = Counter()

    init(hanging: @escaping @Sendable (HTTPRequest) -> Bool, rest: (any HTTPTransport)? = nil) {
        self.hanging = hanging
        self.rest = rest
    }

    /// Requests hanging now.
    var hangingCount: Int { hung.value }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if !hanging(request), let rest { return try await rest.send(request) }
        hung.add(1)
        defer { hung.add(-1) }
        // Only cancellation ends this: a server that accepted the request and never answers.
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    /// Returns once `count` requests hang.
    func waitForHanging(_ count: Int) async { await hung.wait(for: count) }
}

/// A count that tasks can wait on without spinning: the suite runs on a busy machine, and a spinning waiter would
/// take the time the run it waits for needs.
final class Counter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var value: Int { state.withLock { $0.value } }

    func add(_ amount: Int) {
        let ready = state.withLock { state in
            state.value += amount
            let value = state.value
            defer { state.waiters.removeAll { $0.target <= value } }
            return state.waiters.filter { $0.target <= value }.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count has reached `target`.
    func wait(for target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if state.value >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
