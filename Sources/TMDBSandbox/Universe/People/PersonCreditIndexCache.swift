import Synchronization

/// The person→title indexes a server built, the last ``capacity`` days, shared by every connection: the first
/// person request of a day derives that day's index from the nearest day kept (drawing again only the titles that
/// differ), or builds it when none is kept; the other requests look up.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while drawing.
public final class PersonCreditIndexCache: Sendable {
    /// Days kept; the oldest insert goes first.
    static let capacity = 4

    private struct Key: Hashable {
        var movies: CatalogueIdSpace
        var series: CatalogueIdSpace
        var evolves: Bool
        var step: Int

        init(_ titles: SandboxCatalogueUniverse, step: Int) {
            (movies, series, evolves, self.step) = (titles.movies, titles.series, titles.evolves, step)
        }

        func isDay(of other: Key) -> Bool {
            (movies, series, evolves) == (other.movies, other.series, other.evolves)
        }
    }

    private struct State {
        var indexes: [Key: PersonCreditIndex] = [:]
        var inserted: [Key] = []
        var builds = 0
        var derivations = 0
    }

    private let state = Mutex(State())

    /// An empty cache.
    public init() {}

    /// How many indexes have been built from nothing, cached or since evicted.
    var builds: Int {
        state.withLock { $0.builds }
    }

    /// How many indexes have been derived from another day's, cached or since evicted.
    var derivations: Int {
        state.withLock { $0.derivations }
    }

    /// The index of `titles` on `step`. Two threads asking at once may both make it; the index is deterministic, so
    /// either result is the same.
    func index(of titles: SandboxCatalogueUniverse, at step: Int) -> PersonCreditIndex {
        let key = Key(titles, step: step)
        let (cached, nearest) = state.withLock { state in
            let nearest = state.indexes.filter { $0.key.isDay(of: key) }.min {
                (abs($0.key.step - step), $0.key.step) < (abs($1.key.step - step), $1.key.step)
            }
            return (state.indexes[key], nearest?.value)
        }
        if let cached { return cached }
        let made = nearest?.moved(titles, to: step) ?? PersonCreditIndex(titles: titles, at: step)
        return state.withLock { state in
            if nearest == nil { state.builds += 1 } else { state.derivations += 1 }
            if let cached = state.indexes[key] { return cached }
            state.indexes[key] = made
            state.inserted.append(key)
            if state.inserted.count > Self.capacity { state.indexes[state.inserted.removeFirst()] = nil }
            return made
        }
    }
}
