import Foundation
import Synchronization
import Testing

@testable import TMDBSandbox

@Suite("Person credit index", .timeLimit(.minutes(15)))
struct PersonCreditIndexTests {
    /// A small evolving universe of generated titles: titles are edited, born and die every few days.
    static let titles = SandboxCatalogueUniverse(movieCount: 300, seriesCount: 60, evolves: true, includesLists: false)

    /// One person in five's credits in `index`: (media type, title id, records), title by title.
    static func everyCredit(_ index: PersonCreditIndex, at step: Int) -> [[String]] {
        stride(from: 0, to: PersonPool.count, by: 5).map { person in
            index.credits(ofPerson: person, in: titles, at: step).map { "\($0.type) \($0.id) \($0.records)" }
        }
    }

    @Test("an index moved to another day, forwards or back, equals the index built for that day")
    func moved() {
        let steps = [1, 2, 5, 12, 3]
        let built = Dictionary(
            uniqueKeysWithValues: ([0] + steps).map { ($0, PersonCreditIndex(titles: Self.titles, at: $0)) })
        var moved = built[0]!
        for step in steps {
            moved = moved.moved(Self.titles, to: step)
            #expect(Self.everyCredit(moved, at: step) == Self.everyCredit(built[step]!, at: step), "step \(step)")
        }
        // The days differ, so the comparison can fail: some person's credits moved between the epoch and day 12.
        #expect(Self.everyCredit(built[0]!, at: 12) != Self.everyCredit(built[12]!, at: 12))
    }

    @Test("the first person request of a day builds an index, later days derive theirs, a kept day is looked up")
    func cache() {
        let cache = PersonCreditIndexCache()
        _ = cache.index(of: Self.titles, at: 4)
        _ = cache.index(of: Self.titles, at: 5)
        _ = cache.index(of: Self.titles, at: 4)
        #expect((cache.builds, cache.derivations) == (1, 1))
        let other = SandboxCatalogueUniverse(movieCount: 200, seriesCount: 60, evolves: true, includesLists: false)
        _ = cache.index(of: other, at: 5)
        #expect((cache.builds, cache.derivations) == (2, 1))
    }

    @Test("eight server threads asking a new day at once make its index once: the others wait for it")
    func concurrentFirstRequests() async {
        let cache = PersonCreditIndexCache()
        let left = Mutex(8)
        // Threads, as the server's connections are; the test's task awaits the last of them without blocking.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for _ in 0..<8 {
                Thread {
                    _ = cache.index(of: Self.titles, at: 9)
                    if left.withLock({ count in
                        count -= 1
                        return count
                    }) == 0 {
                        done.resume()
                    }
                }.start()
            }
        }
        #expect((cache.builds, cache.derivations) == (1, 0))
    }
}
