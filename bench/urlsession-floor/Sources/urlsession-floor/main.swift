// urlsession-floor URL_FILE CONCURRENCY
//
// Fetches every URL in URL_FILE (one per line) with bare URLSession, CONCURRENCY at a time, and discards the bodies:
// the fastest this machine's URLSession runs the transfers bench/run gives the tool and curl. It is set up as the
// tool's transport is (four ephemeral sessions sharing the connections, serial delegate queues), but does nothing
// else: no decoding, no files, no async/await; each transfer's completion starts the next one from the delegate
// callback. A bearer token for the sandbox may be given in BENCH_BEARER (never printed).
//
// Prints "<transfers> transfers, <bytes> bytes, <seconds> s" (first request to last completion, monotonic clock);
// exits 1 with a one-line error if any transfer fails or answers other than 200.
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts transfers until every URL is fetched, keeping `concurrency` on the wire.
final class FloorRun: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var next = 0
        var finished = 0
        var bytes = 0
        var failure: String?
    }

    private let urls: [URL]
    private let bearer: String?
    private let state = Mutex(State())
    private let sessions = Mutex<[URLSession]>([])
    let done = DispatchSemaphore(value: 0)

    init(urls: [URL], bearer: String?) {
        self.urls = urls
        self.bearer = bearer
    }

    /// Creates the sessions: `count` of them, sharing `concurrency` connections.
    func makeSessions(count: Int, concurrency: Int) -> [DispatchQueue] {
        var queues: [DispatchQueue] = []
        var made: [URLSession] = []
        for index in 0..<count {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost =
                max(1, concurrency / count + (index < concurrency % count ? 1 : 0))
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            let dispatchQueue = DispatchQueue(label: "urlsession-floor.\(index)")
            queues.append(dispatchQueue)
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            queue.underlyingQueue = dispatchQueue
            made.append(URLSession(configuration: configuration, delegate: self, delegateQueue: queue))
        }
        sessions.withLock { $0 = made }
        return queues
    }

    /// Starts the next URL's transfer, if one is left.
    func startNext() {
        guard
            let index = state.withLock({ state -> Int? in
                guard state.next < urls.count, state.failure == nil else { return nil }
                defer { state.next += 1 }
                return state.next
            })
        else { return }
        var request = URLRequest(url: urls[index])
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let session = sessions.withLock { $0[index % $0.count] }
        session.dataTask(with: request).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.bytes += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let status = (task.response as? HTTPURLResponse)?.statusCode
        let problem: String? =
            if let error { "transfer failed (\((error as? URLError)?.code.rawValue ?? 0))" } else if status != 200 {
                "answered \(status.map(String.init) ?? "no HTTP status"), expected 200"
            } else { nil }
        let (allDone, stopped) = state.withLock { state -> (Bool, Bool) in
            state.finished += 1
            if let problem, state.failure == nil {
                state.failure = "\(task.originalRequest?.url?.path ?? "?"): \(problem)"
            }
            return (state.finished == urls.count, state.failure != nil)
        }
        if stopped {
            done.signal()
            return
        }
        startNext()
        if allDone { done.signal() }
    }

    /// Transfers finished, bytes received and the first failure, if any.
    var summary: (finished: Int, bytes: Int, failure: String?) {
        state.withLock { ($0.finished, $0.bytes, $0.failure) }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("urlsession-floor: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let concurrency = Int(arguments[2]), concurrency > 0 else {
    fail("usage: urlsession-floor URL_FILE CONCURRENCY")
}
guard let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    fail("\(arguments[1]): cannot read the URL file")
}
var urls: [URL] = []
for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
    guard let url = URL(string: String(line)), url.scheme != nil else {
        fail("\(arguments[1]) line \(number + 1): not a URL")
    }
    urls.append(url)
}
guard !urls.isEmpty else { fail("\(arguments[1]): no URLs") }

let run = FloorRun(urls: urls, bearer: ProcessInfo.processInfo.environment["BENCH_BEARER"])
let queues = run.makeSessions(count: min(4, concurrency), concurrency: concurrency)
let started = ContinuousClock.now
for _ in 0..<min(concurrency, urls.count) { run.startNext() }
run.done.wait()
let elapsed = ContinuousClock.now - started
withExtendedLifetime(queues) {}
let summary = run.summary
if let failure = summary.failure { fail(failure) }
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("\(summary.finished) transfers, \(summary.bytes) bytes, \(String(format: "%.6f", seconds)) s")
