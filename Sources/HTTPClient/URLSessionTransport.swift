import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPTransport`` over URLSession (FoundationNetworking on Linux).
///
/// - One ephemeral session: no cache, no cookies, as many connections per host as the caller's concurrency so a
///   sliding window of N requests really has N requests on the wire.
/// - Bodies stream through a delegate that cancels the transfer as soon as it passes `maximumBodyBytes` (or the
///   announced `Content-Length` does): a hostile server cannot make the client buffer gigabytes.
/// - Redirects to another host are not followed (the 3xx is returned as it is), so an `Authorization` header
///   never travels to a host it was not meant for.
/// - `URLError`s are mapped to ``TransportError`` at once: a `URLError` prints its failing URL, `api_key`
///   included, so it must not escape (see LINUX-NOTES).
/// - Measured on Linux (`bench/analysis.md`): URLSession keeps a write source armed on a new connection until its
///   first answer arrives, so each new connection busy-waits (about a core) for one round trip. Connections are
///   reused afterwards, and a reused connection waits without spinning.
public final class URLSessionTransport: HTTPTransport {
    private let sessions: [URLSession]
    /// The queues the sessions' delegate queues run on. `OperationQueue.underlyingQueue` does not retain its queue
    /// (it is `unowned(unsafe)`), so the transport must.
    private let delegateDispatchQueues: [DispatchQueue]
    private let next = Atomic<Int>(0)
    private let delegate: TransferDelegate
    /// Bodies larger than this are refused with ``TransportError/Kind/responseTooLarge(limit:)``.
    public let maximumBodyBytes: Int

    /// - Parameters:
    ///   - maximumConnectionsPerHost: connections URLSession may open to one host; set it to the concurrency.
    ///   - maximumBodyBytes: the largest body accepted (default 32 MiB).
    public init(maximumConnectionsPerHost: Int = 16, maximumBodyBytes: Int = 32 << 20, sessions count: Int = 4) {
        let count = max(1, min(count, maximumConnectionsPerHost))
        delegate = TransferDelegate(maximumBodyBytes: maximumBodyBytes)
        var sessions: [URLSession] = []
        var dispatchQueues: [DispatchQueue] = []
        for index in 0..<count {
            let configuration = URLSessionConfiguration.ephemeral
            // Split the connections so the total stays at the caller's bound.
            let share = maximumConnectionsPerHost / count + (index < maximumConnectionsPerHost % count ? 1 : 0)
            configuration.httpMaximumConnectionsPerHost = max(1, share)
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            let dispatchQueue = DispatchQueue(label: "HTTPClient.URLSessionTransport.\(index)")
            dispatchQueues.append(dispatchQueue)
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            queue.underlyingQueue = dispatchQueue
            sessions.append(URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue))
        }
        self.sessions = sessions
        delegateDispatchQueues = dispatchQueues
        self.maximumBodyBytes = maximumBodyBytes
    }

    deinit {
        for session in sessions { session.finishTasksAndInvalidate() }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout.seconds
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        try Task.checkCancellation()
        let session = sessions[next.add(1, ordering: .relaxed).oldValue % sessions.count]
        let task = session.dataTask(with: urlRequest)
        // Cancellation ends the wait at once, whatever URLSession then reports (or does not: a task cancelled just
        // before `resume()` may never call its delegate back).
        let outcome: TransferDelegate.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, continuation: continuation)
                if Task.isCancelled {
                    delegate.abandon(task)
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            task.cancel()
            delegate.abandon(task)
        }
        switch outcome {
        case .response(let status, let headers, let body):
            return HTTPResponse(status: status, headers: headers, body: body)
        case .tooLarge:
            throw TransportError(
                kind: .responseTooLarge(limit: maximumBodyBytes), url: request.url,
                reason: "response body exceeds the \(maximumBodyBytes)-byte limit")
        case .failed(let error):
            if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, reason: "cancelled") }
            throw Self.transportError(error, url: request.url)
        case .notHTTP:
            throw TransportError(kind: .other, url: request.url, reason: "response was not HTTP")
        }
    }

    /// Maps a `URLError` to a redacted ``TransportError`` with its code and a readable kind. Reads only the code,
    /// never the error's text. Whether to retry is not decided here: `RetryPolicy.decision(for:)` reads the code.
    static func transportError(_ error: URLError, url: URL) -> TransportError {
        let code = error.code
        let kind: TransportError.Kind
        let reason: String
        switch code {
        case .timedOut:
            (kind, reason) = (.timedOut, "request timed out")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            (kind, reason) = (.cannotConnect, "cannot connect to host")
        case .networkConnectionLost:
            (kind, reason) = (.connectionLost, "network connection lost")
        case .cancelled:
            (kind, reason) = (.cancelled, "cancelled")
        case .unknown:
            // On Linux a body cut short ("transfer closed with N bytes remaining") arrives as -1 (see LINUX-NOTES).
            (kind, reason) = (.connectionLost, "transfer interrupted (body incomplete or connection reset)")
        default:
            (kind, reason) = (.other, "URL loading failed")
        }
        return TransportError(kind: kind, urlErrorCode: code.rawValue, url: url, reason: reason)
    }
}

/// Collects each task's response and body, enforcing the size cap, and resumes the waiting caller once.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    enum Outcome: Sendable {
        case response(status: Int, headers: [String: String], body: Data)
        case tooLarge
        case failed(URLError)
        case notHTTP
    }

    private struct Transfer {
        var continuation: CheckedContinuation<Outcome, Never>
        var response: HTTPURLResponse?
        var body = Data()
        var tooLarge = false
    }

    private let maximumBodyBytes: Int
    // Mutex: URLSession calls the delegate on its own queue while `register` runs on the caller's task.
    private let transfers = Mutex<[ObjectIdentifier: Transfer]>([:])

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    func register(_ task: URLSessionTask, continuation: CheckedContinuation<Outcome, Never>) {
        transfers.withLock { $0[ObjectIdentifier(task)] = Transfer(continuation: continuation) }
    }

    /// Ends a cancelled task's wait now, as `.failed(.cancelled)`; URLSession's later callbacks for it find nothing.
    /// Does nothing if the task already ended or is not registered yet.
    func abandon(_ task: URLSessionTask) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        transfer.continuation.resume(returning: .failed(URLError(.cancelled)))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let tooLarge = response.expectedContentLength > Int64(maximumBodyBytes)
        transfers.withLock { transfers in
            transfers[ObjectIdentifier(dataTask)]?.response = http
            if tooLarge { transfers[ObjectIdentifier(dataTask)]?.tooLarge = true }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[ObjectIdentifier(dataTask)], !transfer.tooLarge else { return false }
            if transfer.body.count + data.count > maximumBodyBytes {
                transfer.tooLarge = true
                transfer.body = Data()
            } else {
                transfer.body.append(data)
            }
            transfers[ObjectIdentifier(dataTask)] = transfer
            return transfer.tooLarge
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let sameHost = request.url?.host == task.originalRequest?.url?.host
            && request.url?.scheme == task.originalRequest?.url?.scheme
        completionHandler(sameHost ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        let outcome: Outcome
        if transfer.tooLarge {
            outcome = .tooLarge
        } else if let error {
            outcome = .failed((error as? URLError) ?? URLError(.unknown))
        } else if let response = transfer.response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            outcome = .response(status: response.statusCode, headers: headers, body: transfer.body)
        } else {
            outcome = .notHTTP
        }
        transfer.continuation.resume(returning: outcome)
    }
}
