import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("The job's schedule during setup: first pages sent beside setup's requests", .timeLimit(.minutes(15)))
struct JobScheduleSetupTests {
    struct Key: Hashable, CustomStringConvertible {
        var request: Int
        var page: Int
        var description: String { "\(request):\(page)" }
    }

    /// The pages a fresh schedule hands out before any answer, when `count` pages fit beside setup's requests.
    static func firstWave(of requests: [Job.ListRequest], count: Int, reorderWindow: Int) -> [Key] {
        let job = Job(name: "wave", requests: requests, posters: nil)
        let setupRequests = SetupRequest.needed(by: job).count
        var schedule = JobSchedule.forTesting(job, concurrency: setupRequests + count, reorderWindow: reorderWindow)
        var keys: [Key] = []
        while let work = schedule.nextWork() {
            if case .page(let request, let page) = work { keys.append(Key(request: request, page: page)) }
        }
        return keys
    }

    @Test("takes only a range's first page: the rest waits for the list's size, so no page past its end goes out")
    func rangeFirstPageOnly() {
        let requests = [Job.ListRequest(list: .topRated, pages: .range(1...200))]
        #expect(Self.firstWave(of: requests, count: 14, reorderWindow: 64) == [Key(request: 0, page: 1)])
        #expect(Self.firstWave(of: requests, count: 0, reorderWindow: 64).isEmpty)
        #expect(Self.firstWave(of: requests, count: -1, reorderWindow: 64).isEmpty)
    }

    @Test("takes every request's first page, in job order, as many as fit beside setup")
    func firstPagesFirst() {
        let requests = [
            Job.ListRequest(list: .topRated, pages: .range(3...5)), Job.ListRequest(list: .popular, pages: .all),
            Job.ListRequest(list: .upcoming, pages: .range(7...8)),
        ]
        #expect(
            Self.firstWave(of: requests, count: 10, reorderWindow: 64) == [
                Key(request: 0, page: 3), Key(request: 1, page: 1), Key(request: 2, page: 7),
            ])
        #expect(
            Self.firstWave(of: requests, count: 2, reorderWindow: 64) == [
                Key(request: 0, page: 3), Key(request: 1, page: 1),
            ])
    }

    @Test("sends the first pages while setup is still out, and each page of the run once")
    func overlapsSetup() async throws {
        let transport = SetupAwaitingTransport(inner: CountingTMDBTransport(totalPages: 30))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let job = Job(
            name: "overlap", requests: [.init(list: .topRated, pages: .range(1...30))], posters: nil, concurrency: 8)
        let report = try await Self.exporter(transport, output: output).run(job)
        #expect(transport.pageArrivedBeforeConfigurationAnswered)
        let requests = transport.inner.snapshot.apiRequests
        #expect(requests.count == 32, "30 pages, configuration and the genre list")
        #expect(Set(requests).count == requests.count, "no request sent twice: \(requests)")
        #expect(transport.inner.snapshot.apiMaxInFlight <= 8)
        #expect(report.manifest.requests[0].rowsWritten == 600)
    }

    @Test("a setup failure cancels the pages sent with it, leaves none on the wire and writes nothing")
    func setupFailureCancels() async throws {
        // Pages take 30 s: only cancellation ends them before the run returns.
        let inner = CountingTMDBTransport(totalPages: 30) { url in
            url.contains("page=") ? .seconds(30) : .milliseconds(2)
        }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let job = Job(
            name: "badsize", requests: [.init(list: .topRated, pages: .range(1...30))],
            posters: Job.PosterSettings(size: "w1", concurrency: 2), concurrency: 8)
        let error = await #expect(throws: ExportError.self) {
            try await Self.exporter(inner, output: output).run(job)
        }
        guard case .invalidPosterSize? = error else {
            Issue.record("expected an invalid poster size, got \(String(describing: error))")
            return
        }
        #expect(inner.snapshot.apiRequests.contains { $0.contains("page=") }, "pages went out with setup")
        #expect(inner.snapshot.apiInFlight == 0, "no request of the run is left on the wire")
        #expect(!output.exists("badsize"))
    }

    @Test("a run that finds another run holding the job's lock sends nothing and writes nothing")
    func lockedRunSendsNothing() async throws {
        let inner = CountingTMDBTransport(totalPages: 30) { url in
            url.contains("page=") ? .seconds(30) : .milliseconds(2)
        }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let held = try JobLock(jobDirectory: output.path + "/locked")
        let job = Job(
            name: "locked", requests: [.init(list: .topRated, pages: .range(1...30))], posters: nil, concurrency: 8)
        let error = await #expect(throws: ExportError.self) {
            try await Self.exporter(inner, output: output).run(job)
        }
        guard case .locked? = error else {
            Issue.record("expected locked, got \(String(describing: error))")
            return
        }
        #expect(inner.snapshot.apiRequests.isEmpty, "the lock is taken before anything is sent")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path + "/locked") == [".lock"])
        withExtendedLifetime(held) {}
    }

    static func exporter(_ transport: any HTTPTransport, output: TemporaryDirectory) -> Exporter {
        ExportHarness.exporter(transport, outputRoot: output.path)
    }
}

/// Holds `/configuration`'s answer until a list page has been asked for, and records whether one was. If no page
/// ever comes, the run waits here until the suite's time limit cancels it, and the test fails.
private final class SetupAwaitingTransport: HTTPTransport {
    let inner: CountingTMDBTransport

    private struct State {
        var pageArrived = false
        var pageArrivedBeforeConfigurationAnswered = false
        /// `/configuration`'s request, waiting for the first page.
        var configuration: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    init(inner: CountingTMDBTransport) {
        self.inner = inner
    }

    var pageArrivedBeforeConfigurationAnswered: Bool { state.withLock { $0.pageArrivedBeforeConfigurationAnswered } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.url.query?.contains("page=") == true {
            let configuration = state.withLock { state in
                state.pageArrived = true
                defer { state.configuration = nil }
                return state.configuration
            }
            configuration?.resume()
        }
        if request.url.path == "/3/configuration" {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state in
                        if state.pageArrived || Task.isCancelled { return true }
                        state.configuration = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                state.withLock { state in
                    defer { state.configuration = nil }
                    return state.configuration
                }?.resume()
            }
            state.withLock { $0.pageArrivedBeforeConfigurationAnswered = $0.pageArrived }
        }
        return try await inner.send(request)
    }
}
