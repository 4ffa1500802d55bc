import Foundation
import HTTPClient
import Synchronization

/// The list pages sent together with the setup requests, so that a run's first round trip carries pages too.
///
/// Setup (`/configuration` and the genre lists) must answer before anything is written, but its two or three
/// requests leave the rest of the window idle for a whole round trip. The pages the window would send first go out
/// with them, within the same in-flight limit, and their answers wait here, in memory, until the window takes
/// them. Nothing is written before setup succeeds; a bad token costs at most one window of requests, since the
/// first 401 halts the shared limit and every answer is a 401 anyway.
///
/// Only a fresh run sends a first wave: a resumed run may already hold those pages in its page cache.
final class FirstWave: Sendable {
    /// One page of one of the job's requests (its index in `Job.requests`).
    struct Key: Hashable, Sendable {
        var request: Int
        var page: Int
    }

    /// A page's answer: the decoded page and the body as received, or the request's error.
    typealias Answer = Result<(ListPage, Data), ClientError>

    /// When the first of these pages was handed to the client; nil when none was.
    let started: ContinuousClock.Instant?
    private let answers: Mutex<[Key: Task<Answer, Never>]>

    /// Sends the first `count` pages the window would send for a fresh run of `job` (see ``pages(of:count:reorderWindow:)``).
    init(job: Job, count: Int, reorderWindow: Int, api: APIClient) {
        var answers: [Key: Task<Answer, Never>] = [:]
        for key in Self.pages(of: job.requests, count: count, reorderWindow: reorderWindow) {
            let request = job.requests[key.request].source.request(
                page: key.page, language: job.language, region: job.region)
            answers[key] = Task { await request.send(with: api) }
        }
        started = answers.isEmpty ? nil : .now
        self.answers = Mutex(answers)
    }

    /// The first `count` pages a fresh run's window sends, in its order (``PageCursor/next(in:window:)``, before any
    /// answer: each request's first page, then the following pages of each range in job order, never more than
    /// `reorderWindow` pages into a request; of an `all` request only the first page is known).
    static func pages(of requests: [Job.ListRequest], count: Int, reorderWindow: Int) -> [Key] {
        var cursors = requests.map { PageCursor($0.pages) }
        var keys: [Key] = []
        while keys.count < count, let (index, page) = PageCursor.next(in: cursors, window: reorderWindow) {
            cursors[index].markDispatched(page)
            keys.append(Key(request: index, page: page))
        }
        return keys
    }

    /// The answer to `page` of `request` if it went out with setup, handed out once; nil otherwise.
    func take(request: Int, page: Int) -> Task<Answer, Never>? {
        answers.withLock { $0.removeValue(forKey: Key(request: request, page: page)) }
    }

    /// Runs `body` (the rest of the run), then cancels the pages it did not take and waits for them to end, whether
    /// it returned or threw: once the run is over, none of its requests is left on the wire.
    func draining<T>(_ body: () async throws(ExportError) -> T) async throws(ExportError) -> T {
        let result: Result<T, ExportError>
        do throws(ExportError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        await cancelUntaken()
        return try result.get()
    }

    /// Cancels the pages nobody took (setup failed, or the run ended or stopped first) and waits for them to end.
    func cancelUntaken() async {
        let untaken = answers.withLock { answers in
            defer { answers.removeAll() }
            return Array(answers.values)
        }
        for task in untaken { task.cancel() }
        for task in untaken { _ = await task.value }
    }
}
