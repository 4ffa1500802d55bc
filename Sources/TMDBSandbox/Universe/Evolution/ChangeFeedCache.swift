import Synchronization

/// The last ``capacity`` days of change feeds a server computed, so that the pages of a window, and the windows that
/// overlap, cost one pass over the slots per (media type or people, day) instead of one per request.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while scanning.
final class ChangeFeedCache: Sendable {
    /// (Media type, day) pairs kept; the oldest insert goes first.
    static let capacity = 64

    private struct Key: Hashable {
        /// nil for the person feed.
        var type: CatalogueMediaType?
        var size: Int
        var step: Int
    }

    private struct State {
        var days: [Key: DailyChanges] = [:]
        var inserted: [Key] = []
        var scans = 0
    }

    private let state = Mutex(State())

    /// An empty cache.
    init() {}

    /// How many (media type, day) feeds have been computed, cached or since evicted.
    var scans: Int {
        state.withLock { $0.scans }
    }

    /// The feed of `type` on `step` in `universe`, computed the first time. Two threads asking at once may both
    /// compute it; the feed is deterministic, so either result is the same.
    func changes(_ type: CatalogueMediaType, at step: Int, in universe: SandboxCatalogueUniverse) -> DailyChanges {
        guard step > 0 else { return .none }
        return cached(Key(type: type, size: universe.idSpace(type).size, step: step)) {
            universe.dailyChanges(type, at: step)
        }
    }

    /// The person feed of `people` on `step`, computed the first time.
    func personChanges(at step: Int, in people: SandboxPersonUniverse) -> DailyChanges {
        guard step > 0 else { return .none }
        return cached(Key(type: nil, size: people.baseCount, step: step)) { people.dailyChanges(at: step) }
    }

    private func cached(_ key: Key, compute: () -> DailyChanges) -> DailyChanges {
        if let cached = state.withLock({ $0.days[key] }) { return cached }
        let computed = compute()
        return state.withLock { state in
            state.scans += 1
            if let cached = state.days[key] { return cached }
            state.days[key] = computed
            state.inserted.append(key)
            if state.inserted.count > Self.capacity { state.days[state.inserted.removeFirst()] = nil }
            return computed
        }
    }
}
