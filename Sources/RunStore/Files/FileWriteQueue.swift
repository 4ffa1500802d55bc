import Dispatch

/// Runs small file writes (posters) one at a time on a dedicated thread, off Swift's cooperative pool.
///
/// Creating and renaming files takes the directory's lock in the kernel. From many tasks at once, writers spin on
/// that lock (measured: 14% of a poster run's CPU in `rwsem_spin_on_owner`), and each blocked write also holds one
/// of the few cooperative threads that drive the network. One serial queue removes the contention and keeps the
/// cooperative threads free.
package struct FileWriteQueue: Sendable {
    private let queue: DispatchQueue

    /// Creates a queue.
    package init(label: String = "tmdb-export.file-writes") {
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Runs `work` on the queue and returns its result.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws(OutputError) -> T) async throws(OutputError)
        -> T
    {
        let result: Result<T, OutputError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(OutputError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}
