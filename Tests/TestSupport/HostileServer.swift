import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A scriptable HTTP/1.1 server on 127.0.0.1 that misbehaves on purpose: it trickles bodies, announces bodies it
/// never sends, streams without end, stalls before its headers, and answers whatever its script says (gzip bombs,
/// redirects to other ports or to `file://`). Every request is recorded, and every connection's end is reported
/// (``nextConnectionEnd()``), so a test can await "the client hung up" instead of sleeping.
///
/// One thread accepts, one thread per connection serves with blocking sockets; ``stop()`` wakes every wait. There is
/// no blocking stop: tests run on the few threads of Swift's shared pool, which a wait for these threads would hold.
public final class HostileServer: Sendable {
    /// What to do with one request.
    public enum Behavior: Sendable {
        /// A well-formed answer with `Content-Length`, keeping the connection open, sent after `delay`.
        case respond(status: Int, headers: [Header] = [], body: [UInt8] = [], after: Duration = .zero)
        /// Headers announcing `contentLength` bytes, then one byte of `body` every `interval` until all are sent.
        case trickle(contentLength: Int, headers: [Header] = [], body: [UInt8], interval: Duration)
        /// Headers announcing `contentLength` bytes (say 2 GiB), then zeros as fast as the client takes them.
        case announce(contentLength: Int, headers: [Header] = [])
        /// A `Transfer-Encoding: chunked` body of `chunk` repeated without end, as fast as the client takes it.
        case endlessChunks(chunk: [UInt8], headers: [Header] = [])
        /// Reads the request and never answers.
        case stall
    }

    public struct Header: Sendable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request as the server read it.
    public struct Request: Sendable {
        public var method: String
        /// The request target, e.g. `/3/movie/popular?page=1`.
        public var target: String
        /// Header fields by lower-cased name.
        public var headers: [String: String]
    }

    /// How a connection ended.
    public struct ConnectionEnd: Sendable {
        /// Body and head bytes the server managed to send on it.
        public var bytesSent: Int
        /// True if the client closed it (or reset it) while the server still had something to send or wait for.
        public var clientLeft: Bool
        /// From the moment the last request's head was read to the end: how long the client took to give up, timed
        /// on the server's own thread, so a test process whose task pool is busy does not skew it.
        public var lastRequestLasted: Duration
    }

    private struct State {
        var port: UInt16 = 0
        var listener: Int32 = -1
        var connections: Set<Int32> = []
        var peakConnections = 0
        var requests: [Request] = []
        var stopped = false
    }

    private let script: @Sendable (Request) -> Behavior
    private let state = Mutex(State())
    private let stopPipe: (read: Int32, write: Int32)
    private let threads = DispatchGroup()
    private let ends: AsyncStream<ConnectionEnd>.Continuation
    /// One element per connection that ended, in the order they ended; read through ``nextConnectionEnd()``.
    private let connectionEnds: AsyncStream<ConnectionEnd>

    /// - Parameter script: decides each request's behaviour; called on the connection's thread.
    public init(_ script: @escaping @Sendable (Request) -> Behavior) {
        self.script = script
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0, "pipe failed")
        stopPipe = (descriptors[0], descriptors[1])
        (connectionEnds, ends) = AsyncStream.makeStream()
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Binds an ephemeral port on 127.0.0.1 and starts accepting.
    @discardableResult
    public func start() throws -> UInt16 {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw POSIXError(.EADDRINUSE) }
        let port = UInt16(bigEndian: address.sin_port)
        state.withLock {
            $0.port = port
            $0.listener = listener
        }
        threads.enter()
        Thread { [self] in
            acceptLoop(listener)
            threads.leave()
        }.start()
        return port
    }

    /// Closes every connection and the listener, and waits for the threads without holding one of the pool's.
    public func stop() async {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        // Under the lock: a descriptor is closed only under it too, so its number cannot have been reused by another
        // server or client of the test process between being listed and being shut down.
        state.withLock { state in
            state.stopped = true
            for descriptor in state.connections { shutdown(descriptor, Int32(SHUT_RDWR)) }
            if state.listener >= 0 { shutdown(state.listener, Int32(SHUT_RDWR)) }
        }
        // The threads' blocking calls return at once now; the bound only guards against a wedged one.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            threads.notify(queue: .global()) { once.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(10)) { once.resume() }
        }
        ends.finish()
    }

    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The next connection to end, in the order they ended; nil once the server has stopped, or when the waiting
    /// task is cancelled (as a suite's time limit does, so a client that never hangs up fails the test).
    public func nextConnectionEnd() async -> ConnectionEnd? {
        await connectionEnds.first { _ in true }
    }

    /// Every request read so far.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// The most connections that were open at once.
    public var peakConnections: Int { state.withLock { $0.peakConnections } }

    /// Runs `body` with a started server that answers every request with `behavior`, and stops it afterwards.
    public static func with<T>(answering behavior: Behavior, _ body: (HostileServer) async throws -> T) async throws
        -> T
    {
        try await with(script: { _ in behavior }, body)
    }

    /// Runs `body` with a started server and stops it afterwards.
    public static func with<T>(
        script: @escaping @Sendable (Request) -> Behavior, _ body: (HostileServer) async throws -> T
    ) async throws -> T {
        let server = HostileServer(script)
        try server.start()
        let result: T
        do {
            result = try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return result
    }

    private func acceptLoop(_ listener: Int32) {
        defer {
            state.withLock { state in
                close(listener)
                state.listener = -1
            }
        }
        while waitReadable(listener, milliseconds: -1) {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { continue }
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(descriptor)
                state.peakConnections = max(state.peakConnections, state.connections.count)
                return true
            }
            guard accepted else {
                close(descriptor)
                return
            }
            threads.enter()
            Thread { [self] in
                let end = serve(descriptor)
                state.withLock { state in
                    state.connections.remove(descriptor)
                    close(descriptor)
                }
                ends.yield(end)
                threads.leave()
            }.start()
        }
    }

    /// Serves requests on one connection until it ends.
    private func serve(_ descriptor: Int32) -> ConnectionEnd {
        var connection = Connection(descriptor: descriptor, stopPipe: stopPipe.read)
        var arrived = ContinuousClock.now
        while let request = connection.readRequest() {
            arrived = ContinuousClock.now
            state.withLock { $0.requests.append(request) }
            let keepsOpen: Bool
            switch script(request) {
            case .respond(let status, let headers, let body, let delay):
                keepsOpen =
                    connection.pause(delay)
                    && connection.send(head(status, headers + [Header("Content-Length", "\(body.count)")]) + body)
            case .trickle(let contentLength, let headers, let body, let interval):
                var sent = connection.send(head(200, headers + [Header("Content-Length", "\(contentLength)")]))
                for byte in body where sent {
                    sent = connection.pause(interval) && connection.send([byte])
                }
                keepsOpen = sent && body.count == contentLength
            case .announce(let contentLength, let headers):
                let zeros = [UInt8](repeating: 0, count: 64 * 1_024)
                var sent = connection.send(head(200, headers + [Header("Content-Length", "\(contentLength)")]))
                var remaining = contentLength
                while sent && remaining > 0 {
                    sent = connection.send(Array(zeros.prefix(remaining)))
                    remaining -= min(remaining, zeros.count)
                }
                keepsOpen = sent
            case .endlessChunks(let chunk, let headers):
                let framed = Array(String(chunk.count, radix: 16).utf8) + [0x0D, 0x0A] + chunk + [0x0D, 0x0A]
                var sent = connection.send(head(200, headers + [Header("Transfer-Encoding", "chunked")]))
                while sent { sent = connection.send(framed) }
                keepsOpen = false
            case .stall:
                connection.waitForClientToLeave()
                keepsOpen = false
            }
            if !keepsOpen { break }
        }
        return ConnectionEnd(
            bytesSent: connection.bytesSent, clientLeft: connection.clientLeft,
            lastRequestLasted: ContinuousClock.now - arrived)
    }

    private func head(_ status: Int, _ headers: [Header]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Hostile\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, 2, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result > 0 && descriptors[0].revents == 0
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

/// One connection's socket: reading request heads, sending, and waiting without missing a stop.
private struct Connection {
    let descriptor: Int32
    let stopPipe: Int32
    var pending: [UInt8] = []
    var bytesSent = 0
    var clientLeft = false

    /// The next request head, or nil when the client closed or the server stops. Bodies are not expected.
    mutating func readRequest() -> HostileServer.Request? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        while true {
            if let end = headEnd() {
                let text = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                var lines = text.components(separatedBy: "\r\n")
                let requestLine = lines.removeFirst().split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                return HostileServer.Request(
                    method: requestLine.first.map(String.init) ?? "",
                    target: requestLine.count > 1 ? String(requestLine[1]) : "", headers: headers)
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4)
        where pending[index] == 0x0D && pending[index + 1] == 0x0A && pending[index + 2] == 0x0D
            && pending[index + 3] == 0x0A
        {
            return index
        }
        return nil
    }

    /// Sends every byte; false once the client has gone (or the server stops, which shuts the socket).
    mutating func send(_ bytes: [UInt8]) -> Bool {
        let sent = bytes.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0 {
                    if errno == EINTR { continue }
                    return offset
                }
                offset += count
            }
            return offset
        }
        bytesSent += sent
        if sent < bytes.count { clientLeft = true }
        return sent == bytes.count
    }

    /// Waits `duration`; false if the client left or the server stops meanwhile.
    mutating func pause(_ duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return true }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: max(1, seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
            if !waitWithoutRequest(milliseconds: milliseconds) { return false }
        }
    }

    /// Waits until the client closes the connection or the server stops.
    mutating func waitForClientToLeave() {
        while waitWithoutRequest(milliseconds: -1) {}
    }

    /// Polls the stop pipe and the socket for up to `milliseconds`; false if either says the connection is over.
    private mutating func waitWithoutRequest(milliseconds: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: stopPipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&descriptors, 2, milliseconds)
        if result < 0 { return errno == EINTR }
        if descriptors[0].revents != 0 { return false }
        if descriptors[1].revents != 0 {
            var byte: UInt8 = 0
            if recv(descriptor, &byte, 1, Int32(MSG_PEEK)) <= 0 {
                clientLeft = true
                return false
            }
            // The client sent something (a pipelined request), not an end: from now on watch only for a stop.
            return poll(&descriptors[0], 1, milliseconds) == 0
        }
        return true
    }
}
