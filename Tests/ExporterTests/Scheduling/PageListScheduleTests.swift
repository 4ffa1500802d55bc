import Foundation
import HTTPClient
import Testing

@testable import Exporter

@Suite("Page lists: several queries' pages through one window, none past the end an answer gives")
struct PageListScheduleTests {
    typealias Schedule = PageListSchedule<String>

    static func drain(_ schedule: inout Schedule) -> [Schedule.Work] {
        var started: [Schedule.Work] = []
        while let work = schedule.nextWork() { started.append(work) }
        return started
    }

    static func error(_ reason: ClientError.Reason) -> ClientError {
        ClientError(endpoint: "discover/movie", reason: reason)
    }

    @Test("asks a planned query's pages in order up to the window, and fewer once an answer says so")
    func plannedShrinks() throws {
        var schedule = Schedule([.planned(5), .planned(2)], window: 3, pageLimit: 500, policy: .count)
        #expect(
            Self.drain(&schedule) == [.init(query: 0, page: 1), .init(query: 0, page: 2), .init(query: 0, page: 3)])
        let answer = Schedule.Result.answered(.init(query: 0, page: 1), "p1", totalPages: 3)
        schedule.release(answer)
        #expect(try schedule.record(answer).map(\.answer) == ["p1"])
        // Page 4 and 5 of query 0 are past its end now: query 1 is next.
        #expect(Self.drain(&schedule) == [.init(query: 1, page: 1)])
    }

    @Test("asks an unknown query's page 1 alone, then the pages it says there are")
    func unknownLearns() throws {
        var schedule = Schedule([.unknown, .unknown], window: 8, pageLimit: 500, policy: .stopReading)
        #expect(Self.drain(&schedule) == [.init(query: 0, page: 1), .init(query: 1, page: 1)])
        let first = Schedule.Result.answered(.init(query: 1, page: 1), "a", totalPages: 3)
        schedule.release(first)
        _ = try schedule.record(first)
        #expect(Self.drain(&schedule) == [.init(query: 1, page: 2), .init(query: 1, page: 3)])
        let empty = Schedule.Result.answered(.init(query: 0, page: 1), "b", totalPages: 0)
        schedule.release(empty)
        _ = try schedule.record(empty)
        #expect(Self.drain(&schedule).isEmpty)
        #expect(schedule.answered == 2)
    }

    @Test("counts a failed page and goes on, or stops starting pages, as its policy says")
    func failurePolicies() throws {
        for (policy, startedAfter) in [(Schedule.FailurePolicy.count, 1), (.stopReading, 0)] {
            var schedule = Schedule([.planned(3)], window: 1, pageLimit: 500, policy: policy)
            let next = schedule.nextWork()
            let work = try #require(next)
            let failure = Schedule.Result.failed(work, Self.error(.httpStatus(500, message: nil)))
            schedule.release(failure)
            #expect(try schedule.record(failure).isEmpty)
            #expect(schedule.failed.count == 1)
            #expect(Self.drain(&schedule).count == startedAfter)
            try schedule.checkNotStopped()
        }
    }

    @Test("ends the run on refused credentials, and a stop request makes the read interrupted")
    func stops() throws {
        var schedule = Schedule([.planned(3)], window: 2, pageLimit: 500, policy: .count)
        let next = schedule.nextWork()
        let work = try #require(next)
        let refused = Schedule.Result.failed(work, Self.error(.httpStatus(401, message: nil)))
        schedule.release(refused)
        #expect(throws: ExportError.self) { try schedule.record(refused) }

        var stopped = Schedule([.planned(3)], window: 2, pageLimit: 500, policy: .count)
        _ = stopped.nextWork()
        stopped.stop()
        #expect(stopped.nextWork() == nil)
        let error = #expect(throws: ExportError.self) { try stopped.checkNotStopped() }
        #expect(error.map { if case .interrupted = $0 { true } else { false } } == true)
    }

    @Test("never asks a query past its page limit, whatever it was planned at or an answer claims")
    func pageLimit() throws {
        var planned = Schedule([.planned(9)], window: 8, pageLimit: 3, policy: .count)
        #expect(Self.drain(&planned).map(\.page) == [1, 2, 3])

        var schedule = Schedule([.unknown], window: 8, pageLimit: 4, policy: .stopReading)
        let next = schedule.nextWork()
        let first = try #require(next)
        let huge = Schedule.Result.answered(first, "p1", totalPages: 1_000_000_000)
        schedule.release(huge)
        _ = try schedule.record(huge)
        #expect(Self.drain(&schedule).map(\.page) == [2, 3, 4])
    }

    @Test("a growing query reads on to the most any answer claims, up to its page limit; a discover query does not")
    func growth() throws {
        for (growth, pagesAfter) in [(Schedule.Growth.toLargestClaim, [3, 4, 5, 6]), (.never, [])] {
            var schedule = Schedule([.unknown], window: 8, pageLimit: 6, policy: .stopReading, growth: growth)
            let next = schedule.nextWork()
            let first = try #require(next)
            let answer = Schedule.Result.answered(first, "p1", totalPages: 2)
            schedule.release(answer)
            _ = try schedule.record(answer)
            let second = try #require(Self.drain(&schedule).first)
            #expect(second.page == 2)
            // Page 2 says there are 9 pages now: read on to the limit of 6 (or not at all, for discover).
            let grown = Schedule.Result.answered(second, "p2", totalPages: 9)
            schedule.release(grown)
            _ = try schedule.record(grown)
            #expect(Self.drain(&schedule).map(\.page) == pagesAfter)
        }
    }

    @Test("a last answer is recorded, and no page of its query starts after it, whatever later answers claim")
    func last() throws {
        var schedule = Schedule(
            [.unknown, .unknown], window: 3, pageLimit: 500, policy: .stopReading, growth: .toLargestClaim)
        let started = Self.drain(&schedule)
        #expect(started == [.init(query: 0, page: 1), .init(query: 1, page: 1)])
        let first = Schedule.Result.answered(started[0], "a1", totalPages: 4)
        schedule.release(first)
        _ = try schedule.record(first)
        #expect(Self.drain(&schedule) == [.init(query: 0, page: 2), .init(query: 0, page: 3)])
        let last = Schedule.Result.last(.init(query: 0, page: 2), "a2")
        schedule.release(last)
        #expect(try schedule.record(last).map(\.answer) == ["a2"])
        // Page 3 was in flight: it is recorded, but its claim of more pages does not reopen query 0.
        let late = Schedule.Result.answered(.init(query: 0, page: 3), "a3", totalPages: 50)
        schedule.release(late)
        #expect(try schedule.record(late).map(\.answer) == ["a3"])
        #expect(Self.drain(&schedule).isEmpty)
        let other = Schedule.Result.answered(started[1], "b1", totalPages: 2)
        schedule.release(other)
        _ = try schedule.record(other)
        #expect(Self.drain(&schedule) == [.init(query: 1, page: 2)])
        #expect(schedule.answered == 4)
    }
}
