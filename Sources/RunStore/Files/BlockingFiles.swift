import Dispatch
import Foundation

/// The one way blocking file work (reading or hashing a whole file, gunzipping an export, syncing, merging
/// gigabytes, writing posters) runs: on Dispatch's threads, never on Swift's cooperative pool, which is as wide as
/// the machine's cores and drives the network, the schedule and the progress heartbeat. A blocked cooperative thread
/// stalls all of them; on a 2-core machine, half of them.
///
/// An instance is one serial lane: its jobs run one at a time on a dedicated queue. Small file writes from many tasks
/// at once (posters) go through one lane, because creating and renaming files takes the directory's lock in the
/// kernel and concurrent writers spin on it (measured: 14% of a poster run's CPU in `rwsem_spin_on_owner`).
package struct BlockingFiles: Sendable {
    private let queue: DispatchQueue

    /// A serial lane of its own.
    package init(serial label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Runs `work` on this lane, after the jobs before it, and returns its result.
    package func run<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T)
        async throws(Failure) -> T
    {
        try await Self.run(on: queue, work)
    }

    /// Runs one blocking job off the cooperative pool (on a global queue) and returns its result.
    package static func run<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T)
        async throws(Failure) -> T
    {
        try await run(on: .global(qos: .utility), work)
    }

    private static func run<T: Sendable, Failure: Error>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws(Failure) -> T
    ) async throws(Failure) -> T {
        let result: Result<T, Failure> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(Failure) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Applies `work` to every item, side by side on `lanes` serial lanes (one per core by default), the largest
    /// first; results in the items' order.
    /// - Parameter size: how much work an item is (e.g. its bytes), to start the largest first and balance the lanes.
    /// - Throws: the first error of any item (the others still run to their end).
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], lanes: Int = ProcessInfo.processInfo.activeProcessorCount,
        size: (Item) -> Int = { _ in 0 },
        work: @escaping @Sendable (Item) throws(OutputError) -> Result
    ) async throws(OutputError) -> [Result] {
        let order = items.indices.sorted { size(items[$0]) > size(items[$1]) }
        let laneCount = max(1, min(lanes, items.count))
        let queues = (0..<laneCount).map { BlockingFiles(serial: "tmdb-export.file-worker-\($0)") }
        let outcomes = await withTaskGroup(of: [(Int, Swift.Result<Result, OutputError>)].self) { group in
            for lane in 0..<laneCount {
                let mine = stride(from: lane, to: order.count, by: laneCount).map { (order[$0], items[order[$0]]) }
                let queue = queues[lane]
                group.addTask {
                    var done: [(Int, Swift.Result<Result, OutputError>)] = []
                    for (index, item) in mine {
                        do throws(OutputError) {
                            done.append(
                                (index, .success(try await queue.run { () throws(OutputError) in try work(item) })))
                        } catch {
                            done.append((index, .failure(error)))
                        }
                    }
                    return done
                }
            }
            var all: [(Int, Swift.Result<Result, OutputError>)] = []
            for await done in group { all += done }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return try outcomes.map { outcome throws(OutputError) in try outcome.get() }
    }
}
