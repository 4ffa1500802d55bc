import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TMDB look-alike HTTP/1.1 server on 127.0.0.1: the catalogue's API under `/3`, posters under `/t/p/`, and the
/// faults of its ``SandboxOptions``.
///
/// One thread accepts connections and one thread per connection serves it with blocking sockets and keep-alive.
/// Sendable because its stored properties are immutable or guarded: the lifecycle (phase, port, listener, open
/// connections) lives in a `Mutex`, the shared request state in ``RequestLedger`` (also a `Mutex`), and thread exits
/// are tracked by a `DispatchGroup`, itself thread-safe. Call ``stop()`` when done: running threads keep the server
/// alive.
public final class SandboxServer: Sendable {
    /// The token accepted in `Authorization: Bearer …`.
    public static let bearerToken = "sandbox-token"
    /// The key accepted in the `api_key` query item.
    public static let apiKey = "sandbox-api-key"

    /// The options the server was created with.
    public let options: SandboxOptions
    /// The catalogue it serves (with hostile poster paths when ``SandboxFaultPlan/unsafePosterPaths`` is set).
    let catalogue: SandboxCatalogue

    private struct Lifecycle {
        enum Phase { case idle, running, stopped }
        var phase = Phase.idle
        var port: UInt16 = 0
        var connections: Set<Int32> = []
        /// Connections served (not refused by the cap) per client address.
        var servedByClient: [UInt32: Int] = [:]
        var stopSignal: StopSignal?
    }

    private let lifecycle = Mutex(Lifecycle())
    private let ledger: RequestLedger
    private let threads = DispatchGroup()

    /// Creates a server; nothing is bound until ``start()``.
    /// - Parameters:
    ///   - options: port, latency and faults.
    ///   - onRequest: called on the connection's thread with each request's record once its response is decided and
    ///     logged, before the latency and the write; lets a test await "the server has seen it" without polling.
    public init(
        options: SandboxOptions = SandboxOptions(), onRequest: (@Sendable (SandboxRequestRecord) -> Void)? = nil
    ) {
        self.options = options
        catalogue = options.faults.unsafePosterPaths ? .withUnsafePosterPaths : .shared
        ledger = RequestLedger(
            rateLimit: options.faults.rateLimit, recordsRequests: options.recordsRequests, observer: onRequest)
    }

    /// Binds 127.0.0.1 on ``SandboxOptions/port`` and starts accepting connections.
    /// - Returns: the port actually bound.
    /// - Throws: ``SandboxError`` naming the port and the system's reason (e.g. the port is in use), or saying the
    ///   server is already running or was stopped.
    @discardableResult
    public func start() throws(SandboxError) -> UInt16 {
        let (listener, port, signal, timing) = try lifecycle.withLock { state throws(SandboxError) in
            switch state.phase {
            case .running: throw .alreadyStarted(port: state.port)
            case .stopped: throw .alreadyStopped
            case .idle: break
            }
            let timing = try options.timingLogPath.map { path throws(SandboxError) in try TimingLog(path: path) }
            let signal = try StopSignal()
            let (listener, port) = try Socket.makeListener(port: options.port)
            state.phase = .running
            state.port = port
            state.stopSignal = signal
            return (listener, port, signal, timing)
        }
        let router = SandboxRouter(
            options: options, catalogue: catalogue, ledger: ledger, configuration: ConfigurationBody.render(port: port))
        threads.enter()
        let acceptor = Thread { [self] in
            acceptConnections(listener: listener, router: router, signal: signal, timing: timing)
            threads.leave()
        }
        acceptor.name = "tmdb-sandbox-accept"
        acceptor.start()
        return port
    }

    /// Closes the listener and every connection, and waits for their threads to end without holding a thread
    /// meanwhile. Idempotent; a stopped server cannot be started again.
    public func stop() async {
        signalStop()
        await threadsEnd(within: Self.threadsEndWithin)
    }

    /// ``stop()`` for synchronous code: the calling thread waits for the server's threads to end.
    @available(*, noasync, message: "blocks a thread of the shared pool; await stop() instead")
    public func stop() {
        signalStop()
        _ = threads.wait(timeout: .now() + Self.threadsEndWithin)
    }

    /// How long a stop waits for the threads. Every blocking call returns at once when the stop signal fires; the
    /// bound only guards against a wedged client thread.
    private static let threadsEndWithin = DispatchTimeInterval.seconds(10)

    /// Returns once every thread of the server has ended, or `bound` has passed; holds no thread meanwhile.
    private func threadsEnd(within bound: DispatchTimeInterval?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            threads.notify(queue: .global()) { once.resume() }
            if let bound { DispatchQueue.global().asyncAfter(deadline: .now() + bound) { once.resume() } }
        }
    }

    /// Shuts every connection and fires the stop signal, which wakes every thread's wait.
    private func signalStop() {
        let signal: StopSignal? = lifecycle.withLock { state in
            defer { state.phase = .stopped }
            guard state.phase == .running else { return nil }
            // Under the lock, so no descriptor here can have been closed and reused: threads deregister first.
            for descriptor in state.connections {
                Socket.shutdownBoth(descriptor)
            }
            return state.stopSignal
        }
        signal?.fire()
    }

    /// Starts the server if needed, then waits, holding no thread, until ``stop()`` is called and the server's threads
    /// have ended, or the process exits. For the standalone `tmdb-export sandbox` command, which runs in async code.
    /// - Throws: ``SandboxError`` if the server cannot start.
    public func serveUntilStopped() async throws(SandboxError) {
        if lifecycle.withLock({ $0.phase }) == .idle {
            try start()
        }
        await threadsEnd(within: nil)
    }

    /// Starts the server if needed, then blocks until ``stop()`` is called (from another thread or a signal handler
    /// path) or the process exits. For synchronous code; async code awaits ``serveUntilStopped()``.
    /// - Throws: ``SandboxError`` if the server cannot start.
    @available(*, noasync, message: "blocks a thread of the shared pool; await serveUntilStopped() instead")
    public func serveForever() throws(SandboxError) {
        let phase = lifecycle.withLock { $0.phase }
        if phase == .idle {
            try start()
        }
        lifecycle.withLock { $0.stopSignal }?.wait(milliseconds: -1)
    }

    /// The bound port; 0 before ``start()``.
    public var port: UInt16 {
        lifecycle.withLock { $0.port }
    }

    /// `http://127.0.0.1:PORT/3`, the base of API requests.
    public var apiBaseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/3")!
    }

    /// `http://127.0.0.1:PORT/p/exports`, where the daily ID export files are served (the sandbox's
    /// `https://files.tmdb.org/p/exports`).
    public var filesBaseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/p/exports")!
    }

    /// The movie and series ids the export files list and the details routes answer, sized by the options.
    public var universe: SandboxCatalogueUniverse {
        SandboxCatalogueUniverse(options: options)
    }

    /// `http://127.0.0.1:PORT/t/p/`, the image base URL, as in `/3/configuration`.
    public var imageBaseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/t/p/")!
    }

    /// Every request answered since start or the last ``resetRequestLog()``, in the order they were answered.
    public func requestLog() -> [SandboxRequestRecord] {
        ledger.records()
    }

    /// Empties the request log (request numbering, and so the fault draws, go on).
    public func resetRequestLog() {
        ledger.resetRecords()
    }

    /// Connections currently open, for tests that check ``stop()`` closed them all.
    var openConnectionCount: Int {
        lifecycle.withLock { $0.connections.count }
    }

    /// How many requests named each catalogue poster path (leading `/` included), whatever the size or status.
    public func posterFetchCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for record in ledger.records() {
            if let path = record.posterPath { counts[path, default: 0] += 1 }
        }
        return counts
    }

    private func acceptConnections(listener: Int32, router: SandboxRouter, signal: StopSignal, timing: TimingLog?) {
        defer { close(listener) }
        var connectionNumber = 0
        while !signal.waitReadable(listener) {
            guard let descriptor = Socket.acceptConnection(listener) else {
                // Out of descriptors or similar: back off instead of spinning on a readable listener.
                if signal.wait(milliseconds: 10) { return }
                continue
            }
            Socket.configureAccepted(descriptor)
            let client = Socket.peerAddress(descriptor) ?? 0
            let cap = options.faults.maximumConnectionsPerClient
            let admission: (accepted: Bool, overCap: Bool) = lifecycle.withLock { state in
                guard state.phase == .running else { return (false, false) }
                state.connections.insert(descriptor)
                let served = state.servedByClient[client, default: 0]
                if let cap, served >= cap { return (true, true) }
                state.servedByClient[client] = served + 1
                return (true, false)
            }
            guard admission.accepted else {
                close(descriptor)
                return
            }
            connectionNumber += 1
            let handler = ConnectionHandler(
                descriptor: descriptor, router: router, stopSignal: signal, timing: timing,
                connection: connectionNumber,
                isOverConnectionCap: admission.overCap)
            threads.enter()
            let thread = Thread { [self] in
                handler.run()
                lifecycle.withLock { state in
                    state.connections.remove(descriptor)
                    if !admission.overCap { state.servedByClient[client, default: 1] -= 1 }
                }
                close(descriptor)
                threads.leave()
            }
            thread.name = "tmdb-sandbox-connection"
            thread.start()
        }
    }
}

/// Resumes a continuation on the first of several calls (the threads ended, or the bound passed), once.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Void, Never>?>

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume() {
        continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume()
    }
}
