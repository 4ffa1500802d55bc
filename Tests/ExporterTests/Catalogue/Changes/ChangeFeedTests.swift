import Foundation
import HTTPClient
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Change feeds: read day by day, every page, ids once")
struct ChangeFeedTests {
    static func day(_ text: String) -> ExportDay { ExportDay(text)! }

    @Test("lists every day of a span once, across a month's end; none when the span ends before it starts")
    func days() {
        let one = ChangeFeedDays.days(from: Self.day("2026-11-20"), through: Self.day("2026-11-20"))
        #expect(one.map(\.description) == ["2026-11-20"])
        let turn = ChangeFeedDays.days(from: Self.day("2026-10-30"), through: Self.day("2026-11-02"))
        #expect(turn.map(\.description) == ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(ChangeFeedDays.days(from: Self.day("2026-10-25"), through: Self.day("2026-11-23")).count == 30)
        #expect(ChangeFeedDays.days(from: Self.day("2026-11-23"), through: Self.day("2026-11-22")).isEmpty)
    }

    /// A feed that lists ids by window start and page, repeating some across pages, and records what was asked.
    final class StubFeed: HTTPTransport {
        let asked = Mutex<[String]>([])
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String { query.first { $0.name == name }?.value ?? "" }
            asked.withLock {
                $0.append("\(request.url.path) \(value("start_date")) \(value("end_date")) \(value("page"))")
            }
            let page = Int(value("page")) ?? 1
            let body: String
            switch (value("start_date"), page) {
            case ("2026-11-01", 1):
                body = #"{"results":[{"id":30,"adult":false},{"id":10,"adult":null}],"page":1,"total_pages":2}"#
            case ("2026-11-01", 2):
                body = #"{"results":[{"id":10,"adult":false},{"id":20,"adult":false}],"page":2,"total_pages":2}"#
            default: body = #"{"results":[{"id":20,"adult":true},{"id":5,"adult":false}],"page":1,"total_pages":1}"#
            }
            return HTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
        }
    }

    @Test("reads every page of every day, each day its own window, and returns each day's ids once, sorted")
    func collects() async throws {
        let feed = StubFeed()
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        // One page at a time, so the order the pages are asked in is fixed.
        let read = try await ChangedIDs(api: api, window: 1, controls: .unwatched(api)).collect(
            .movie, from: Self.day("2026-11-01"), through: Self.day("2026-11-02"))
        #expect(read.days.map(\.description) == ["2026-11-01", "2026-11-02"])
        #expect(read.ids == [[10, 20, 30], [5, 20]])
        #expect(read.pages == 3 && read.cuts.isEmpty)
        #expect(
            feed.asked.withLock { $0 } == [
                "/3/movie/changes 2026-11-01 2026-11-01 1", "/3/movie/changes 2026-11-01 2026-11-01 2",
                "/3/movie/changes 2026-11-02 2026-11-02 1",
            ])
    }

    @Test("reads the days side by side, and a day's other pages only after its page 1 said how many")
    func daysSideBySide() async throws {
        let feed = StubFeed()
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        let read = try await ChangedIDs(api: api, window: 8, controls: .unwatched(api)).collect(
            .movie, from: Self.day("2026-11-01"), through: Self.day("2026-11-20"))
        #expect(read.ids.first == [10, 20, 30] && read.ids.dropFirst().allSatisfy { $0 == [5, 20] })
        #expect(read.pages == 21)
        let asked = feed.asked.withLock { $0 }
        #expect(asked.count == 21)
        let firstPage = try #require(asked.firstIndex(of: "/3/movie/changes 2026-11-01 2026-11-01 1"))
        let secondPage = try #require(asked.firstIndex(of: "/3/movie/changes 2026-11-01 2026-11-01 2"))
        #expect(firstPage < secondPage)
    }

    @Test("a stop request ends the feed's reading as it ends fetching: interrupted, no page asked")
    func stopRequest() async throws {
        let feed = StubFeed()
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        let stop = StopRequest()
        stop.request()
        let controls = LoopControls(stop: stop, stallLimit: nil, clock: ElapsedClock(ContinuousClock()), api: api)
        await #expect {
            _ = try await ChangedIDs(api: api, window: 4, controls: controls).collect(
                .movie, from: Self.day("2026-11-01"), through: Self.day("2026-11-20"))
        } throws: { error in
            if case .interrupted = error as? ExportError { true } else { false }
        }
        #expect(feed.asked.withLock { $0 }.isEmpty)
    }

    @Test("splits two snapshots' ids into added, removed and kept, and fetches the new and the changed kept ones")
    func diff() {
        let diff = ExportDiff(snapshot: [1, 3, 5, 7, 9], today: [2, 3, 5, 8, 9, 10])
        #expect(diff.added == [2, 8, 10])
        #expect(diff.removed == [1, 7])
        #expect(diff.kept == [3, 5, 9])
        // A changed id gone from today's export is not fetched; a changed id never seen is new anyway.
        #expect(diff.toFetch(changed: [1, 5, 8, 11]) == [2, 5, 8, 10])
        #expect(ExportDiff(snapshot: [], today: [4]).added == [4])
        #expect(ExportDiff(snapshot: [4], today: []).removed == [4])
    }

    @Test("counts days across month and year ends")
    func dayArithmetic() {
        #expect(Self.day("2026-12-31").adding(days: 1) == Self.day("2027-01-01"))
        #expect(Self.day("2024-02-28").adding(days: 1) == Self.day("2024-02-29"))
        #expect(Self.day("2026-03-01").adding(days: -1) == Self.day("2026-02-28"))
        #expect(Self.day("2026-01-01").days(to: Self.day("2026-12-31")) == 364)
    }
}
