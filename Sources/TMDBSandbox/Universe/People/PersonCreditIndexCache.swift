import Synchronization

/// The person→title indexes a server built, the last ``capacity`` days, shared by every connection: the first
/// person request of a day pays one pass over the titles, the others look up.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while scanning.
public final class PersonCreditIndexCache: Sendable {
    /// Days kept; the oldest insert goes first.
    static let capacity = 4

    private struct Key: Hashable {
        var movies: CatalogueIdSpace
        var series: CatalogueIdSpace
        var evolves: Bool
        var step: Int
    }

    private struct State {
        var indexes: [Key: PersonCreditIndex] = [:]
        var inserted: [Key] = []
        var scans = 0
    }

    private let state = Mutex(State())

    /// An empty cache.
    public init() {}

    /// How many indexes have been built, cached or since evicted.
    var scans: Int {
        state.withLock { $0.scans }
    }

    /// The index of `titles` on `step`, built the first time. Two threads asking at once may both build it; the
    /// index is deterministic, so either result is the same.
    func index(of titles: SandboxCatalogueUniverse, at step: Int) -> PersonCreditIndex {
        let key = Key(movies: titles.movies, series: titles.series, evolves: titles.evolves, step: step)
        if let cached = state.withLock({ $0.indexes[key] }) { return cached }
        let built = PersonCreditIndex(titles: titles, at: step)
        return state.withLock { state in
            state.scans += 1
            if let cached = state.indexes[key] { return cached }
            state.indexes[key] = built
            state.inserted.append(key)
            if state.inserted.count > Self.capacity { state.indexes[state.inserted.removeFirst()] = nil }
            return built
        }
    }
}
