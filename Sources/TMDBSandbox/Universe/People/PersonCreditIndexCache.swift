import Foundation
import Synchronization

/// The person→title indexes a server built, the last ``capacity`` days, shared by every connection: the first
/// person request of a day derives that day's index from the nearest day kept (drawing again only the titles that
/// differ), or builds it when none is kept; the other requests look up.
///
/// A day's index is made once: the other requests of that day wait for it (on the server's own threads, never on
/// Swift's pool) instead of each drawing it again, which on a busy machine made answers stall for many seconds.
///
/// Sendable because its only state is inside a `Mutex`, held for a lookup or an insert, never while drawing.
final class PersonCreditIndexCache: Sendable {
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
        /// The days being made now.
        var making: Set<Key> = []
    }

    private let state = Mutex(State())
    /// Signalled, with ``State/making`` changed under it, when a day's index is made.
    private let made = NSCondition()

    /// An empty cache.
    init() {}

    /// How many indexes have been built from nothing, cached or since evicted.
    var builds: Int {
        state.withLock { $0.builds }
    }

    /// How many indexes have been derived from another day's, cached or since evicted.
    var derivations: Int {
        state.withLock { $0.derivations }
    }

    /// The index of `titles` on `step`: made by the first thread that asks; the others wait for it.
    func index(of titles: SandboxCatalogueUniverse, at step: Int) -> PersonCreditIndex {
        let key = Key(titles, step: step)
        while true {
            enum Next {
                case found(PersonCreditIndex)
                case wait
                case make(PersonCreditIndex?)
            }
            let next = state.withLock { state -> Next in
                if let cached = state.indexes[key] { return .found(cached) }
                if state.making.contains(key) { return .wait }
                state.making.insert(key)
                let nearest = state.indexes.filter { $0.key.isDay(of: key) }.min {
                    (abs($0.key.step - step), $0.key.step) < (abs($1.key.step - step), $1.key.step)
                }
                return .make(nearest?.value)
            }
            switch next {
            case .found(let index):
                return index
            case .wait:
                made.lock()
                while state.withLock({ $0.making.contains(key) }) { made.wait() }
                made.unlock()
            case .make(let nearest):
                let index = nearest?.moved(titles, to: step) ?? PersonCreditIndex(titles: titles, at: step)
                made.lock()
                state.withLock { state in
                    if nearest == nil { state.builds += 1 } else { state.derivations += 1 }
                    state.making.remove(key)
                    state.indexes[key] = index
                    state.inserted.append(key)
                    if state.inserted.count > Self.capacity { state.indexes[state.inserted.removeFirst()] = nil }
                }
                made.broadcast()
                made.unlock()
                return index
            }
        }
    }
}
