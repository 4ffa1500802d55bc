import Synchronization

/// The discover orders and answers of the universe's last few days that a server computed, so that the pages of a
/// `/3/discover/…` query cost one pass over the day's ids per (media type, day, sort) and one filtering per query,
/// instead of one sort of up to a million ids per request.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while sorting.
final class DiscoverOrderCache: Sendable {
    /// (Media type, day, sort) orders kept (each one entry per listed id); the oldest insert goes first.
    static let orderCapacity = 4
    /// Filtered answers kept; the oldest insert goes first.
    static let answerCapacity = 16

    /// One listed id of a day's order: its slot, and whether it is adult that day.
    struct Entry: Sendable {
        var slot: Int
        var isAdult: Bool
    }

    /// A day's order of every listed id of one media type, not removed since the export.
    struct OrderKey: Hashable, Sendable {
        var type: CatalogueMediaType
        var space: CatalogueIdSpace
        var step: Int
        /// The `sort_by` value.
        var sort: String
    }

    private struct AnswerKey: Hashable {
        var order: OrderKey
        /// The query's filters, as text.
        var query: String
    }

    private struct State {
        var orders = Memo<OrderKey, [Entry]>(capacity: orderCapacity)
        var answers = Memo<AnswerKey, [Int]>(capacity: answerCapacity)
        var sorts = 0
    }

    /// A dictionary that forgets its oldest insert past `capacity`.
    private struct Memo<Key: Hashable, Value> {
        let capacity: Int
        var values: [Key: Value] = [:]
        var inserted: [Key] = []

        mutating func insert(_ value: Value, for key: Key) -> Value {
            if let kept = values[key] { return kept }
            values[key] = value
            inserted.append(key)
            if inserted.count > capacity { values[inserted.removeFirst()] = nil }
            return value
        }
    }

    private let state = Mutex(State())

    /// An empty cache.
    init() {}

    /// How many orders have been sorted, cached or since evicted.
    var sorts: Int {
        state.withLock { $0.sorts }
    }

    /// The order for `key`, sorted by `compute` the first time. Two threads asking at once may both compute it; the
    /// orders are deterministic, so either result is the same.
    func order(_ key: OrderKey, compute: () -> [Entry]) -> [Entry] {
        if let cached = state.withLock({ $0.orders.values[key] }) { return cached }
        let computed = compute()
        return state.withLock { state in
            state.sorts += 1
            return state.orders.insert(computed, for: key)
        }
    }

    /// The slots `query` selects from the order of `key`, in that order, filtered by `compute` the first time.
    func answer(_ key: OrderKey, query: String, compute: () -> [Int]) -> [Int] {
        let answerKey = AnswerKey(order: key, query: query)
        if let cached = state.withLock({ $0.answers.values[answerKey] }) { return cached }
        let computed = compute()
        return state.withLock { $0.answers.insert(computed, for: answerKey) }
    }
}
