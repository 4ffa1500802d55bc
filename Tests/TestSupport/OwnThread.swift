import Foundation

/// Runs blocking work (a long socket read, a long generation) on a thread of its own, so it does not hold one of the
/// few threads that every test of the process shares while it waits or computes.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.name = "tmdb-export-test-work"
        thread.start()
    }
}
