/// Serves one accepted connection on its own thread: reads request heads, skips bodies, answers in order, and keeps
/// the connection open until the client or the server ends it.
struct ConnectionHandler {
    /// Largest request head accepted, blank line included; larger ones get 431.
    static let maximumHeadSize = 16 * 1_024

    let descriptor: Int32
    let router: SandboxRouter
    let stopSignal: StopSignal
    /// Where each answered request's timing goes, if anywhere.
    var timing: TimingLog? = nil
    /// This connection's number in accept order, for ``timing``.
    var connection = 0
    /// Opened while its client held ``SandboxFaultPlan/maximumConnectionsPerClient`` others: every request is
    /// answered 429 and the connection closed.
    var isOverConnectionCap = false

    /// Loops until the peer closes, an error, `Connection: close`, a fault that closes, or the server stops. The
    /// caller closes the descriptor.
    func run() {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        var scanned = 0
        while true {
            if let end = Self.headEnd(in: pending, from: scanned) {
                guard end + 4 <= Self.maximumHeadSize else {
                    return refuse(.tooLarge(limit: Self.maximumHeadSize))
                }
                let head: HTTPRequestHead
                do {
                    head = try HTTPRequestHead(parsing: pending[..<end])
                } catch {
                    return refuse(error)
                }
                pending.removeFirst(end + 4)
                scanned = 0
                if let encoding = head.header("transfer-encoding") {
                    return refuse(.unsupportedTransferEncoding(encoding))
                }
                guard let length = head.contentLength else {
                    return refuse(.invalidContentLength(head.header("content-length") ?? ""))
                }
                guard skipBody(length: length, pending: &pending, chunk: &chunk) else { return }
                let arrived = timing == nil ? 0 : TimingLog.now()
                let planned =
                    isOverConnectionCap ? router.respond(toConnectionOverCap: head) : router.respond(to: head)
                guard
                    send(
                        planned, keepAlive: head.keepAlive, includeBody: head.method != "HEAD",
                        timed: (arrived, head.target))
                else { return }
                continue
            }
            if pending.count >= Self.maximumHeadSize {
                return refuse(.tooLarge(limit: Self.maximumHeadSize))
            }
            scanned = max(0, pending.count - 3)
            let count = Socket.receive(descriptor, into: &chunk)
            guard count > 0 else { return }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Waits the planned delay, then writes the response.
    /// - Returns: whether the connection stays open for another request.
    private func send(
        _ planned: PlannedResponse, keepAlive: Bool, includeBody: Bool, timed: (arrived: UInt64, target: String)? = nil
    ) -> Bool {
        if stopSignal.sleep(for: planned.delay) { return false }
        let response = planned.response
        guard Socket.sendAll(descriptor, response.serialized(keepAlive: keepAlive, includeBody: includeBody)) else {
            return false
        }
        if includeBody, !response.writeChunks({ Socket.sendAll(descriptor, $0) }) { return false }
        if let timing, let timed {
            timing.record(
                connection: connection, arrived: timed.arrived, sent: TimingLog.now(), status: response.status,
                target: timed.target)
        }
        guard keepAlive, !response.closesConnection, !response.truncatesBody else {
            // FIN after the data: the client reads what was sent, then the end of the stream.
            Socket.shutdownWrite(descriptor)
            return false
        }
        return true
    }

    private func refuse(_ error: HTTPHeadError) {
        _ = send(router.respond(toMalformed: error), keepAlive: false, includeBody: true)
    }

    /// Discards a request body of `length` bytes, part of which may already be in `pending`.
    private func skipBody(length: Int, pending: inout [UInt8], chunk: inout [UInt8]) -> Bool {
        if pending.count >= length {
            pending.removeFirst(length)
            return true
        }
        var remaining = length - pending.count
        pending.removeAll(keepingCapacity: true)
        while remaining > 0 {
            let count = Socket.receive(descriptor, into: &chunk)
            guard count > 0 else { return false }
            if count > remaining {
                pending.append(contentsOf: chunk[remaining..<count])
            }
            remaining -= min(count, remaining)
        }
        return true
    }

    /// Offset of the `\r\n\r\n` that ends a head, searching from `start`.
    static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index + 3 < buffer.count {
                if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D,
                    buffer[index + 3] == 0x0A
                {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
}
