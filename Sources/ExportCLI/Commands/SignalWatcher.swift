import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Turns SIGINT and SIGTERM into calls on a handler, instead of killing the process mid-write.
///
/// The signals' default actions are replaced while the watcher lives; each arrival calls `handler` with the signal
/// and how many signals have arrived so far (the CLI drains on the first and cancels on the second).
final class SignalWatcher {
    /// What the dispatch handlers share; they run on a global queue.
    private final class Arrivals: Sendable {
        let count = Mutex(0)
        let first = Mutex<Int32?>(nil)
    }

    private let sources: [any DispatchSourceSignal]
    private let arrivals = Arrivals()
    private let signals: [Int32]

    init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void) {
        self.signals = signals
        let arrivals = self.arrivals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The handler holds the source until `cancel()`, which releases it.
            source.setEventHandler {
                // Signals that arrive before the handler runs are coalesced into one event; `data` counts them.
                let received = max(1, Int(source.data))
                let count = arrivals.count.withLock { value in
                    value += received
                    return value
                }
                arrivals.first.withLock { if $0 == nil { $0 = number } }
                handler(number, count)
            }
            source.resume()
            return source
        }
    }

    var firstSignal: Int32? { arrivals.first.withLock { $0 } }

    /// Restores the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
