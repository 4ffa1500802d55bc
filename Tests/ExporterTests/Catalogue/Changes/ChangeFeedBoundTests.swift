import Foundation
import HTTPClient
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Every change feed has an end: at most TMDB's 500 pages a window, each answer the page asked for")
struct ChangeFeedBoundTests {
    static func day(_ text: String) -> ExportDay { ExportDay(text)! }

    /// A feed whose every answer is built by `answer` from the page asked for; counts what was asked, by window.
    final class LyingFeed: HTTPTransport {
        let answer: @Sendable (_ page: Int) -> (page: Int, totalPages: Int)
        let asked = Mutex<[String]>([])

        init(_ answer: @escaping @Sendable (_ page: Int) -> (page: Int, totalPages: Int)) { self.answer = answer }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String { query.first { $0.name == name }?.value ?? "" }
            let asked = Int(value("page")) ?? 0
            self.asked.withLock { $0.append("\(value("start_date"))…\(value("end_date")) \(asked)") }
            let (page, total) = answer(asked)
            let body = #"{"results":[{"id":\#(asked),"adult":false}],"page":\#(page),"total_pages":\#(total)}"#
            return HTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
        }

        var requests: Int { asked.withLock { $0.count } }
    }

    static func collect(
        _ feed: LyingFeed, from first: String = "2026-03-01", through last: String = "2026-03-14", window: Int = 4,
        onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) async throws -> (ids: [UInt32], pages: Int) {
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        let reader = ChangedIDs(
            api: api, window: window, controls: .unwatched(api),
            onEvent: onEvent)
        return try await reader.collect(.movie, from: Self.day(first), through: Self.day(last))
    }

    static func overrun(of error: any Error) -> ChangeFeedOverrun? {
        if case .changeFeedOverrun(let overrun) = error as? ExportError { overrun } else { nil }
    }

    @Test("a feed whose page 1 claims 10⁹ pages stops at page 1, naming the feed, its window and the bound")
    func claimsABillionPages() async throws {
        let feed = LyingFeed { page in (page, 1_000_000_000) }
        let error = await #expect(throws: ExportError.self) { try await Self.collect(feed) }
        let overrun = try #require(error.flatMap { Self.overrun(of: $0) })
        #expect(overrun.claim == ChangeFeedOverrun.Claim.totalPages(1_000_000_000) && overrun.asked == 1)
        #expect(
            error?.description
                == "the movie change feed 2026-03-01…2026-03-14 claims 1000000000 pages (page 1 of it); a window "
                + "holds at most 500 (TMDB's page cap): stopped, latest kept")
        #expect(feed.requests == 1)
    }

    @Test("a feed that claims one page more with every answer ends: at what page 1 said, or at page 500")
    func neverEnds() async throws {
        // Page 1 says 2: a page claiming more later does not lengthen the read (today's feed grows while it is read;
        // tomorrow reads the day again).
        let growing = LyingFeed { page in (page, page + 1) }
        let (ids, pages) = try await Self.collect(growing, window: 1)
        #expect(ids == [1, 2] && pages == 2 && growing.requests == 2)

        // Page 1 says 500, and page 500 claims one more: the read stops there, with every window bounded.
        let endless = LyingFeed { page in (page, max(TMDB.maximumPage, page + 1)) }
        let error = await #expect(throws: ExportError.self) {
            try await Self.collect(endless, from: "2026-03-01", through: "2026-03-20")
        }
        let overrun = try #require(error.flatMap { Self.overrun(of: $0) })
        #expect(overrun.claim == ChangeFeedOverrun.Claim.totalPages(501) && overrun.asked == 500)
        #expect(error?.description.hasPrefix("the movie change feed 2026-03-") == true)
        // Two windows, at most 500 pages each; none past page 500.
        #expect(endless.requests >= TMDB.maximumPage && endless.requests <= 2 * TMDB.maximumPage)
        #expect(endless.asked.withLock { $0 }.allSatisfy { !$0.hasSuffix(" 501") })
    }

    @Test("an answer that is not the page asked for stops the read, naming both pages")
    func anotherPage() async throws {
        let feed = LyingFeed { page in (page == 2 ? 3 : page, 5) }
        let error = await #expect(throws: ExportError.self) { try await Self.collect(feed, window: 1) }
        let overrun = try #require(error.flatMap { Self.overrun(of: $0) })
        #expect(overrun.claim == ChangeFeedOverrun.Claim.page(3) && overrun.asked == 2)
        #expect(
            error?.description
                == "the movie change feed 2026-03-01…2026-03-14 answered page 3 when page 2 was asked for: stopped, "
                + "latest kept")
        // One page at a time: nothing asked after the refused answer.
        #expect(feed.requests == 2)
    }

    @Test("a window of exactly 500 pages is read whole, and each page read is told for the progress line")
    func fiveHundredPages() async throws {
        let feed = LyingFeed { page in (page, TMDB.maximumPage) }
        let events = Mutex<[ExportEvent]>([])
        let (ids, pages) = try await Self.collect(feed, window: 8) { event in events.withLock { $0.append(event) } }
        #expect(pages == TMDB.maximumPage && feed.requests == TMDB.maximumPage)
        #expect(ids == (1...UInt32(TMDB.maximumPage)).map { $0 })
        let read = events.withLock { $0 }.compactMap { event -> Int? in
            if case .changeFeedPageRead("movie/changes", let page) = event { page } else { nil }
        }
        #expect(read.sorted() == Array(1...TMDB.maximumPage))
    }
}
