import CCurl
import Foundation
import Synchronization

/// One thread driving one libcurl multi handle: every transfer of a ``CurlTransport`` runs here.
///
/// Callers hand tickets over through a locked inbox and `curl_multi_wakeup`; the thread starts them, runs
/// `curl_multi_perform`, resumes each finished ticket's caller, and otherwise sleeps in `curl_multi_poll` (never
/// busy-waits: it wakes for socket activity, libcurl's own timers, or the inbox). A cancelled ticket has already
/// resumed its caller; the thread only removes its handle, which stops the transfer.
final class CurlEventLoop: Sendable {
    private struct Inbox {
        var starts: [TransferTicket] = []
        var stops: [TransferTicket] = []
        var shuttingDown = false
        /// Set once the thread has cleaned up the multi handle: nothing may wake it any more.
        var closed = false
        var isEmpty: Bool { starts.isEmpty && stops.isEmpty }
    }

    /// The multi handle's address, for `curl_multi_wakeup`, which libcurl documents as safe from any thread. Every
    /// other use of the handle is on the loop's thread, in ``LoopThread``.
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let inbox = Mutex(Inbox())
    private let multi: MultiHandle

    /// Creates the multi handle and starts the thread.
    init(limits: CurlTransport.Limits) {
        CurlEventLoop.globalInitialization()
        guard let pointer = curl_multi_init() else { fatalError("curl_multi_init failed: libcurl is out of memory") }
        multi = MultiHandle(pointer: pointer)
        _ = tmdb_curl_multi_setopt_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, limits.maximumConnectionsPerHost)
        // Keep every connection the cap allows open between requests, and a few more for other hosts.
        _ = tmdb_curl_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, limits.maximumConnectionsPerHost + 4)
        _ = tmdb_curl_multi_setopt_long(pointer, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in
            // Named from inside: Foundation on Linux applies a name given before start to nothing. Linux keeps 15
            // characters.
            Thread.current.name = "tmdb-curl"
            LoopThread(multi: multi.pointer, limits: limits).run(taking: takeInbox)
            close()
        }
        thread.start()
    }

    /// Hands a ticket to the thread to start.
    func start(_ ticket: TransferTicket) {
        deliver { $0.starts.append(ticket) }
    }

    /// Asks the thread to remove a finished (cancelled) ticket's transfer, if it has started it.
    func stop(_ ticket: TransferTicket) {
        deliver { $0.stops.append(ticket) }
    }

    /// Ends the thread: transfers still running are cancelled, and the multi handle is cleaned up.
    func shutDown() {
        deliver { $0.shuttingDown = true }
    }

    private func deliver(_ change: (inout Inbox) -> Void) {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            let wasEmpty = inbox.isEmpty && !inbox.shuttingDown
            change(&inbox)
            // Under the lock, so the handle cannot be cleaned up meanwhile. Once is enough until the thread takes
            // the inbox: it takes everything in it after each wake-up.
            if wasEmpty { _ = curl_multi_wakeup(multi.pointer) }
        }
    }

    private func takeInbox() -> (starts: [TransferTicket], stops: [TransferTicket], shuttingDown: Bool) {
        inbox.withLock { inbox in
            defer {
                inbox.starts.removeAll(keepingCapacity: true)
                inbox.stops.removeAll(keepingCapacity: true)
            }
            return (inbox.starts, inbox.stops, inbox.shuttingDown)
        }
    }

    private func close() {
        inbox.withLock { inbox in
            inbox.closed = true
            curl_multi_cleanup(multi.pointer)
        }
    }

    /// `curl_global_init`, once per process, before the first handle.
    private static let initialized: Bool = tmdb_curl_global_init() == CURLE_OK

    private static func globalInitialization() {
        precondition(initialized, "curl_global_init failed")
    }
}

/// What only the loop's thread touches: the multi handle's transfers and its pool of idle easy handles.
private final class LoopThread {
    private let multi: UnsafeMutableRawPointer
    private let limits: CurlTransport.Limits
    private var running: [ObjectIdentifier: CurlTransfer] = [:]
    /// Easy handles of finished transfers, reset for reuse (allocating one costs more than resetting it).
    private var idleHandles: [UnsafeMutableRawPointer] = []

    init(multi: UnsafeMutableRawPointer, limits: CurlTransport.Limits) {
        self.multi = multi
        self.limits = limits
    }

    /// Runs until the inbox says to shut down.
    func run(taking inbox: () -> (starts: [TransferTicket], stops: [TransferTicket], shuttingDown: Bool)) {
        var stillRunning: Int32 = 0
        while true {
            let (starts, stops, shuttingDown) = inbox()
            if shuttingDown { break }
            for ticket in starts { start(ticket) }
            for ticket in stops { remove(ticket) }
            _ = curl_multi_perform(multi, &stillRunning)
            collectFinished()
            // Sleeps until a socket is ready, libcurl's next timeout, or a wake-up from the inbox.
            _ = curl_multi_poll(multi, nil, 0, 60_000, nil)
        }
        for transfer in running.values {
            transfer.ticket.cancel()
            _ = curl_multi_remove_handle(multi, transfer.easy)
            curl_easy_cleanup(transfer.easy)
        }
        running.removeAll()
        for handle in idleHandles { curl_easy_cleanup(handle) }
        idleHandles.removeAll()
    }

    private func start(_ ticket: TransferTicket) {
        guard !ticket.isFinished else { return }
        guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
            ticket.finish(
                .failure(TransportError(kind: .other, url: ticket.request.url, reason: "libcurl is out of memory")))
            return
        }
        let transfer = CurlTransfer(ticket: ticket, easy: easy, limits: limits)
        let configured = transfer.configure()
        guard configured == CURLE_OK else {
            recycle(easy)
            ticket.finish(
                .failure(
                    CurlFailure.transportError(
                        configured, detail: "", request: ticket.request, limits: limits, bytesReceived: 0)))
            return
        }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            recycle(easy)
            ticket.finish(
                .failure(TransportError(kind: .other, url: ticket.request.url, reason: "libcurl refused the transfer")))
            return
        }
        running[ObjectIdentifier(ticket)] = transfer
    }

    /// Stops a cancelled transfer: removing its handle closes or frees its connection at once.
    private func remove(_ ticket: TransferTicket) {
        guard let transfer = running.removeValue(forKey: ObjectIdentifier(ticket)) else { return }
        _ = curl_multi_remove_handle(multi, transfer.easy)
        recycle(transfer.easy)
    }

    /// Resumes the caller of every transfer libcurl reports done.
    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read before the handle is removed: removing it frees the message.
            let code = message.pointee.data.result
            var context: UnsafeMutablePointer<CChar>?
            _ = tmdb_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
            _ = curl_multi_remove_handle(multi, easy)
            guard let context else {
                curl_easy_cleanup(easy)
                continue
            }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            running[ObjectIdentifier(transfer.ticket)] = nil
            transfer.ticket.finish(transfer.outcome(code))
            recycle(easy)
        }
    }

    private func recycle(_ easy: UnsafeMutableRawPointer) {
        guard idleHandles.count < limits.maximumConnectionsPerHost * 2 else {
            curl_easy_cleanup(easy)
            return
        }
        curl_easy_reset(easy)
        idleHandles.append(easy)
    }
}
