import Foundation
import HTTPClient
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Every change feed has an end: at most TMDB's 500 pages a day, a day over it cut, the night never stopped")
struct ChangeFeedBoundTests {
    static func day(_ text: String) -> ExportDay { ExportDay(text)! }

    /// A feed whose every answer is built by `answer` from the page asked for (its one id is that page's number), or
    /// answers 404 on the days in `missing`; counts what was asked, by window.
    final class LyingFeed: HTTPTransport {
        let answer: @Sendable (_ page: Int) -> (page: Int, totalPages: Int)
        let missing: Set<String>
        let asked = Mutex<[String]>([])

        init(missing: Set<String> = [], _ answer: @escaping @Sendable (_ page: Int) -> (page: Int, totalPages: Int)) {
            self.answer = answer
            self.missing = missing
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String { query.first { $0.name == name }?.value ?? "" }
            let asked = Int(value("page")) ?? 0
            self.asked.withLock { $0.append("\(value("start_date"))…\(value("end_date")) \(asked)") }
            if missing.contains(value("start_date")) {
                let body = #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#
                return HTTPResponse(status: 404, headers: [:], body: Data(body.utf8))
            }
            let (page, total) = answer(asked)
            let body = #"{"results":[{"id":\#(asked),"adult":false}],"page":\#(page),"total_pages":\#(total)}"#
            return HTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
        }

        var requests: Int { asked.withLock { $0.count } }
    }

    static func collect(
        _ feed: LyingFeed, from first: String = "2026-03-01", through last: String = "2026-03-01", window: Int = 4,
        onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) async throws -> ChangeFeedDays {
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        let reader = ChangedIDs(api: api, window: window, controls: .unwatched(api), onEvent: onEvent)
        return try await reader.collect(.movie, from: Self.day(first), through: Self.day(last))
    }

    static let everyPage = (1...UInt32(TMDB.maximumPage)).map { $0 }

    @Test("a day whose page 1 claims 10⁹ pages is read to page 500 and named as cut: the feed, the day, the claim")
    func claimsABillionPages() async throws {
        let feed = LyingFeed { page in (page, 1_000_000_000) }
        let read = try await Self.collect(feed, window: 8)
        #expect(read.ids == [Self.everyPage] && read.pages == TMDB.maximumPage)
        #expect(feed.requests == TMDB.maximumPage)
        let cut = try #require(read.cuts.first)
        #expect(read.cuts.count == 1 && cut.day == Self.day("2026-03-01") && cut.asked == 1)
        #expect(cut.claim == ChangeFeedCut.Claim.totalPages(1_000_000_000))
        #expect(
            cut.description
                == "the movie change feed of 2026-03-01 claims 1000000000 pages (page 1 of it), more than TMDB "
                + "serves: read to page 500")
    }

    @Test(
        "a later page that says the day grew is read on to, whatever page 1 said",
        arguments: [(1, 3), (3, 5), (2, 9)])
    func grows(firstClaim: Int, laterClaim: Int) async throws {
        let feed = LyingFeed { page in (page, page == 1 ? firstClaim : laterClaim) }
        let read = try await Self.collect(feed, window: 1)
        // Page 1 claiming one page alone hides the rest: no reader can know there are more.
        let pages = firstClaim == 1 ? 1 : laterClaim
        #expect(read.ids == [(1...UInt32(pages)).map { $0 }] && read.pages == pages && read.cuts.isEmpty)
        #expect(feed.requests == pages)
    }

    @Test("a feed that claims one page more with every answer is read to page 500, the day cut, no page 501 asked")
    func neverEnds() async throws {
        let feed = LyingFeed { page in (page, page + 1) }
        let read = try await Self.collect(feed, window: 8)
        #expect(read.ids == [Self.everyPage] && read.pages == TMDB.maximumPage)
        #expect(read.cuts.map(\.claim) == [.totalPages(501)] && read.cuts.first?.asked == 500)
        #expect(feed.requests == TMDB.maximumPage)
        #expect(feed.asked.withLock { $0 }.allSatisfy { !$0.hasSuffix(" 501") })
    }

    @Test("an answer that is not the page asked for cuts its day there: no page of that day is asked after it")
    func anotherPage() async throws {
        let feed = LyingFeed { page in (page == 2 ? 3 : page, 5) }
        // One page at a time: each day's page 2 answers page 3, and none of that day is asked after it.
        let read = try await Self.collect(feed, through: "2026-03-02", window: 1)
        #expect(read.ids == [[1, 2], [1, 2]])
        #expect(
            read.cuts.map(\.description) == [
                "the movie change feed of 2026-03-01 answered page 3 when page 2 was asked for: read no further",
                "the movie change feed of 2026-03-02 answered page 3 when page 2 was asked for: read no further",
            ])
        #expect(feed.requests == 4)
    }

    @Test("a day whose page cannot be read stops the read with that page's error, whatever the other days said")
    func failedDayStops() async throws {
        let feed = LyingFeed(missing: ["2026-03-02"]) { page in (page, 1) }
        let error = await #expect(throws: ExportError.self) {
            try await Self.collect(feed, through: "2026-03-03", window: 1)
        }
        guard case .setup(let failure)? = error else {
            Issue.record("expected the page's error, got \(String(describing: error))")
            return
        }
        #expect(failure.httpStatus == 404)
    }

    @Test("a day of exactly 500 pages is read whole and not cut, and each page read is told for the progress line")
    func fiveHundredPages() async throws {
        let feed = LyingFeed { page in (page, TMDB.maximumPage) }
        let events = Mutex<[ExportEvent]>([])
        let read = try await Self.collect(feed, window: 8) { event in events.withLock { $0.append(event) } }
        #expect(read.pages == TMDB.maximumPage && feed.requests == TMDB.maximumPage && read.cuts.isEmpty)
        #expect(read.ids == [Self.everyPage])
        let pages = events.withLock { $0 }.compactMap { event -> Int? in
            if case .changeFeedPageRead("movie/changes", let page) = event { page } else { nil }
        }
        #expect(pages.sorted() == Array(1...TMDB.maximumPage))
    }
}
