import Synchronization

/// Sorted orders of the catalogue, computed on first use and kept, so that a discover sort costs one `sort` per run
/// instead of one per request, and building the catalogue stays cheap.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while sorting.
final class OrderCache<Key: Hashable & Sendable>: Sendable {
    private let orders = Mutex<[Key: [Int]]>([:])

    /// An empty cache.
    init() {}

    /// The order for `key`, computing it with `compute` the first time. Two threads asking at once may both
    /// compute it; the orders are deterministic, so either result is the same, and the first one stored wins.
    func order(_ key: Key, compute: () -> [Int]) -> [Int] {
        if let cached = orders.withLock({ $0[key] }) { return cached }
        let computed = compute()
        return orders.withLock { orders in
            if let cached = orders[key] { return cached }
            orders[key] = computed
            return computed
        }
    }
}
