import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("The catalogue schedule: id order, a bounded window, checkpoints")
struct CatalogueScheduleTests {
    static func schedule(_ ids: [[UInt32]], concurrency: Int = 2, window: Int = 4) -> CatalogueSchedule {
        CatalogueSchedule(
            lanes: ids.enumerated().map { index, values in
                CatalogueSchedule.Lane(
                    type: index == 0 ? .movie : .tv, ids: CatalogueIDs(values), next: 0, frontier: 0, counts: .init())
            }, concurrency: concurrency, window: window)
    }

    static func rows(_ id: Int) -> CatalogueResult.Outcome {
        .rows(CatalogueRows(id: id, tables: [], details: Array("{\"id\":\(id)}\n".utf8)), poster: nil)
    }

    /// Finishes `work` with `outcome` and returns the ids written, in order, and the last checkpoint's positions.
    static func finish(
        _ schedule: inout CatalogueSchedule, _ work: CatalogueWork, _ outcome: CatalogueResult.Outcome
    ) throws -> (written: [Int], checkpoint: [Int]?) {
        let result = CatalogueResult(work: work, outcome: outcome)
        schedule.release(result)
        var written: [Int] = []
        var checkpoint: [Int]?
        for effect in try schedule.record(result) {
            switch effect {
            case .write(_, let rows): written.append(rows.id)
            case .checkpoint(let positions, _): checkpoint = positions
            default: break
            }
        }
        return (written, checkpoint)
    }

    @Test("sends at most the concurrency at once, in id order, catalogue after catalogue")
    func sendsInOrder() throws {
        var schedule = Self.schedule([[10, 20, 30], [5]], concurrency: 2, window: 8)
        let firstNext = schedule.nextWork()
        let first = try #require(firstNext)
        let secondNext = schedule.nextWork()
        let second = try #require(secondNext)
        #expect(schedule.nextWork() == nil)
        #expect([first.id, second.id] == [10, 20])
        _ = try Self.finish(&schedule, first, Self.rows(10))
        _ = try Self.finish(&schedule, second, Self.rows(20))
        let thirdNext = schedule.nextWork()
        let third = try #require(thirdNext)
        let fourthNext = schedule.nextWork()
        let fourth = try #require(fourthNext)
        #expect([third.id, fourth.id] == [30, 5])
        #expect([third.catalogue, fourth.catalogue] == [0, 1])
    }

    @Test("holds an early answer until the ones before it are written, then writes them in id order")
    func writesInIdOrder() throws {
        var schedule = Self.schedule([[1, 2, 3]], concurrency: 3, window: 3)
        let works = (0..<3).compactMap { _ in schedule.nextWork() }
        let third = try Self.finish(&schedule, works[2], Self.rows(3))
        #expect(third.written.isEmpty && third.checkpoint == nil)
        let second = try Self.finish(&schedule, works[1], .removed)
        #expect(second.written.isEmpty)
        let first = try Self.finish(&schedule, works[0], Self.rows(1))
        #expect(first.written == [1, 3])
        #expect(first.checkpoint == [3])
        #expect(schedule.isFinished)
        #expect(schedule.lanes[0].counts == CatalogueCheckpoint.Counts(fetched: 2, removed: 1, failed: 0))
    }

    @Test("never sends more than the window past the first id not yet written")
    func boundedWindow() throws {
        var schedule = Self.schedule([Array(1...100)], concurrency: 4, window: 6)
        var works = (0..<4).compactMap { _ in schedule.nextWork() }
        // The first id is slow: the others finish, and only the window's worth may follow them.
        for work in works.dropFirst() { _ = try Self.finish(&schedule, work, Self.rows(work.id)) }
        works = [works[0]]
        while let work = schedule.nextWork() { works.append(work) }
        #expect(works.map(\.id) == [1, 5, 6])
        let after = try Self.finish(&schedule, works[0], Self.rows(1))
        #expect(after.written == [1, 2, 3, 4])
    }

    @Test("records a failed id and goes on; stops the run on rejected credentials")
    func failures() throws {
        var schedule = Self.schedule([[7, 8]])
        let firstNext = schedule.nextWork()
        let first = try #require(firstNext)
        let secondNext = schedule.nextWork()
        let second = try #require(secondNext)
        let result = CatalogueResult(work: first, outcome: .failed(reason: "HTTP 500"))
        schedule.release(result)
        let effects = try schedule.record(result)
        #expect(
            effects.contains {
                if case .failure(let failure) = $0 {
                    failure.endpoint == "movie/7" && failure.reason == "HTTP 500"
                } else {
                    false
                }
            })
        let stop = CatalogueResult(work: second, outcome: .stopRun(.interrupted))
        schedule.release(stop)
        #expect(throws: ExportError.self) { try schedule.record(stop) }
    }

    @Test("starts a resumed catalogue at its checkpoint's position")
    func resumesAtPosition() throws {
        var schedule = CatalogueSchedule(
            lanes: [
                CatalogueSchedule.Lane(
                    type: .movie, ids: CatalogueIDs([1, 2, 3, 4]), next: 3, frontier: 3,
                    counts: .init(fetched: 3, removed: 0, failed: 0))
            ], concurrency: 4, window: 8)
        let workNext = schedule.nextWork()
        let work = try #require(workNext)
        #expect(work.id == 4 && work.position == 3)
        #expect(schedule.nextWork() == nil)
        let finished = try Self.finish(&schedule, work, Self.rows(4))
        #expect(finished.checkpoint == [4])
        #expect(schedule.lanes[0].counts.fetched == 4)
    }

    @Test("after stop, sends nothing new and still writes what comes back")
    func stops() throws {
        var schedule = Self.schedule([[1, 2, 3]], concurrency: 1, window: 4)
        let workNext = schedule.nextWork()
        let work = try #require(workNext)
        schedule.stop()
        #expect(schedule.nextWork() == nil)
        #expect(try Self.finish(&schedule, work, Self.rows(1)).written == [1])
        #expect(!schedule.isFinished)
    }

    @Test("counts each written id's poster, and records a poster that failed as a failure of the run")
    func posters() throws {
        var schedule = Self.schedule([[1, 2]], concurrency: 2, window: 4)
        let firstNext = schedule.nextWork()
        let secondNext = schedule.nextWork()
        let first = try #require(firstNext)
        let second = try #require(secondNext)
        let rows = CatalogueRows(id: 1, tables: [], details: [])
        _ = try Self.finish(&schedule, first, .rows(rows, poster: .downloaded(file: "a.jpg")))
        let result = CatalogueResult(
            work: second,
            outcome: .rows(
                CatalogueRows(id: 2, tables: [], details: []), poster: .failed(file: "b.jpg", reason: "HTTP 404")))
        schedule.release(result)
        let effects = try schedule.record(result)
        #expect(schedule.lanes[0].posters.downloaded == 1 && schedule.lanes[0].posters.failed == 1)
        #expect(schedule.lanes[0].counts.fetched == 2 && schedule.lanes[0].counts.failed == 0)
        #expect(
            effects.contains {
                if case .failure(let failure) = $0 { failure.endpoint == "poster b.jpg" } else { false }
            })
    }
}
