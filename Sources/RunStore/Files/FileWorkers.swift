import Foundation

/// Runs long, blocking file work (hashing, merging gigabytes) on a few threads of its own, one ``FileWriteQueue`` per
/// core, so that files are processed side by side without holding Swift's cooperative threads.
package enum FileWorkers {
    /// Applies `work` to every item, at most `lanes` at once, the largest first; results in the items' order.
    /// - Parameter size: how much work an item is (e.g. its bytes), to start the largest first and balance the lanes.
    /// - Throws: the first error of any item (the others still run to their end).
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], lanes: Int = ProcessInfo.processInfo.activeProcessorCount,
        size: (Item) -> Int = { _ in 0 },
        work: @escaping @Sendable (Item) throws(OutputError) -> Result
    ) async throws(OutputError) -> [Result] {
        let order = items.indices.sorted { size(items[$0]) > size(items[$1]) }
        let laneCount = max(1, min(lanes, items.count))
        let queues = (0..<laneCount).map { FileWriteQueue(label: "tmdb-export.file-worker-\($0)") }
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
