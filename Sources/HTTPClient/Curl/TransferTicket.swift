import Synchronization

/// One `send` call's stake in a transfer: the request, and the continuation its caller waits on, resumed exactly once.
///
/// Three parties race to end it: the event loop (the transfer finished), the caller's cancellation handler, and the
/// caller itself when it was cancelled before it even began waiting. Whoever comes first resumes the caller; the
/// others find the ticket finished and do nothing (the loop then never starts the transfer, or removes it).
///
/// Whoever ends it also notes when (``ended``), on its own thread: the caller's task resumes only once a thread of
/// Swift's shared pool is free, and that wait is not the transport's.
final class TransferTicket: Sendable {
    typealias Outcome = Result<HTTPResponse, TransportError>

    private enum State {
        case new
        case waiting(CheckedContinuation<Outcome, Never>)
        /// Cancelled before its caller began waiting; that caller resumes itself with the cancellation.
        case cancelledEarly
        case finished
    }

    let request: HTTPRequest
    /// When the caller handed the request over.
    let began = ContinuousClock.now
    private let state = Mutex((phase: State.new, ended: ContinuousClock.Instant?.none))

    init(request: HTTPRequest) {
        self.request = request
    }

    /// Starts the wait.
    /// - Returns: true if the transfer should go ahead; false if the ticket was cancelled first, in which case the
    ///   continuation has been resumed with the cancellation.
    func wait(on continuation: CheckedContinuation<Outcome, Never>) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            guard case .new = state.phase else {
                state.phase = .finished
                state.ended = .now
                return true
            }
            state.phase = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(returning: .failure(cancellation)) }
        return !cancelled
    }

    /// Resumes the caller with `outcome` unless the ticket already ended.
    /// - Returns: whether this call resumed it.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            switch state.phase {
            case .new:
                state.phase = .cancelledEarly
                return nil
            case .waiting(let continuation):
                state.phase = .finished
                state.ended = .now
                return continuation
            case .cancelledEarly, .finished:
                return nil
            }
        }
        continuation?.resume(returning: outcome)
        return continuation != nil
    }

    /// Ends the wait at once with a cancellation.
    /// - Returns: whether the transfer may be on the event loop and needs removing from it.
    @discardableResult
    func cancel() -> Bool {
        finish(.failure(cancellation))
    }

    /// Whether the caller has been resumed (or will resume itself): the transfer must not start, or must stop.
    var isFinished: Bool {
        state.withLock { state in
            if case .waiting = state.phase { return false }
            return true
        }
    }

    /// When the caller was resumed, read by the thread that resumed it; nil until then.
    var ended: ContinuousClock.Instant? {
        state.withLock { $0.ended }
    }

    private var cancellation: TransportError {
        TransportError(kind: .cancelled, url: request.url, reason: "cancelled")
    }
}
