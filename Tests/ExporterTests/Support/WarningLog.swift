import Synchronization

@testable import Exporter

/// The `warning:` lines a run told, in order.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// The run's event handler: keeps each warning.
    var onEvent: @Sendable (ExportEvent) -> Void {
        { event in if case .warning(let text) = event { self.lines.withLock { $0.append(text) } } }
    }

    var all: [String] { lines.withLock { $0 } }
}
