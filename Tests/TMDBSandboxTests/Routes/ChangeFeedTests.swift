import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Change feeds", .timeLimit(.minutes(15)))
struct ChangeFeedTests {
    /// 2026-01-20, the 19th day after the epoch; the server's clock stands at noon.
    static let today = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 19)
    static let evolving = evolvingOptions(on: today)
    static let emptyFeed = #"{"results":[],"page":1,"total_pages":1,"total_results":0}"#

    /// `/3/movie/changes` (or `tv`) from `start` through `end`, days after today.
    static func path(_ type: String = "movie", from start: Int, through end: Int, page: Int = 1) -> String {
        "/3/\(type)/changes?start_date=\(today.adding(days: start))&end_date=\(today.adding(days: end))&page=\(page)"
    }

    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    @Test("answers a window of 14 days and refuses one of 15 with TMDB's status 20 body")
    func longestWindow() async throws {
        try await withSandbox(Self.evolving) { server in
            let fourteen = try await fetch(server, Self.path(from: -14, through: 0))
            #expect(fourteen.status == 200)
            let fifteen = try await fetch(server, Self.path(from: -15, through: 0))
            #expect(fifteen.status == 422)
            #expect(
                Self.text(fifteen.body)
                    == #"{"success":false,"status_code":20,"status_message":"Invalid date range: Should be a range no longer than 14 days."}"#
            )
        }
    }

    @Test(
        "refuses malformed dates, a window that ends before it starts and pages outside 1...500, as TMDB does",
        arguments: [
            ("/3/movie/changes?start_date=2026-1-5", 400, 23),
            ("/3/tv/changes?end_date=2026-02-30", 400, 23),
            ("/3/movie/changes?start_date=2026-01-10&end_date=2026-01-09", 422, 20),
            ("/3/movie/changes?page=0", 400, 22),
            ("/3/tv/changes?page=501", 400, 22),
        ])
    func refusals(path: String, status: Int, code: Int) async throws {
        try await withSandbox(Self.evolving) { server in
            let answer = try await fetch(server, path)
            #expect(answer.status == status)
            #expect(try jsonObject(answer.body)["status_code"] as? Int == code)
        }
    }

    @Test(
        "pages through every entry of the window's days, day by day, 100 a page, an id once a day",
        arguments: ["movie", "tv"])
    func paging(type: String) async throws {
        let media: CatalogueMediaType = type == "movie" ? .movie : .series
        try await withSandbox(Self.evolving) { server in
            let universe = server.universe
            let expected = (-14...0).flatMap {
                universe.dailyChanges(media, at: universe.step(Self.today.adding(days: $0))).entries
            }
            var entries: [DailyChanges.Entry] = []
            var page = 1
            var pages = 1
            repeat {
                let answer = try await fetch(server, Self.path(type, from: -14, through: 0, page: page))
                let body = try jsonObject(answer.body)
                #expect(Set(body.keys) == ["page", "results", "total_pages", "total_results"])
                #expect(body["page"] as? Int == page)
                #expect(body["total_results"] as? Int == expected.count)
                pages = try #require(body["total_pages"] as? Int)
                let results = try #require(body["results"] as? [[String: Any]])
                #expect(results.count == (page < pages ? 100 : expected.count - 100 * (pages - 1)))
                for result in results {
                    entries.append(
                        DailyChanges.Entry(id: try #require(result["id"] as? Int), adult: result["adult"] as? Bool))
                }
                page += 1
            } while page <= pages
            #expect(entries == expected)
            #expect(Set(entries.map(\.id)).count < entries.count, "an id listed on two days of the window")
            let nulls = entries.filter { $0.adult == nil }.count
            #expect((entries.count / 20...entries.count / 5).contains(nulls), "\(nulls) of \(entries.count)")
            #expect(entries.map(\.id) != entries.map(\.id).sorted())
        }
    }

    @Test("lists the past day by default, and nothing for days after today")
    func defaultsAndFuture() async throws {
        try await withSandbox(Self.evolving) { server in
            let byDefault = try await fetch(server, "/3/movie/changes")
            let explicit = try await fetch(server, Self.path(from: -1, through: 0))
            #expect(byDefault.status == 200)
            #expect(byDefault.body == explicit.body)
            #expect(try jsonObject(byDefault.body)["total_results"] as? Int ?? 0 > 0)
            let future = try await fetch(server, Self.path(from: 1, through: 5))
            #expect(Self.text(future.body) == Self.emptyFeed)
        }
    }

    @Test("answers empty feeds when days are not simulated, and before the epoch", arguments: ["movie", "tv"])
    func emptyFeeds(type: String) async throws {
        var still = Self.evolving
        still.simulatesDays = false
        try await withSandbox(still) { server in
            let answer = try await fetch(server, Self.path(type, from: -14, through: 0))
            #expect(answer.status == 200)
            #expect(Self.text(answer.body) == Self.emptyFeed)
        }
        try await withSandbox(Self.evolving) { server in
            let answer = try await fetch(server, Self.path(type, from: -40, through: -26))
            #expect(Self.text(answer.body) == Self.emptyFeed)
        }
    }

    @Test("lists an id born today, whose details a server of the day before does not have", arguments: ["movie", "tv"])
    func bornToday(type: String) async throws {
        let media: CatalogueMediaType = type == "movie" ? .movie : .series
        let newest = try #require(
            SandboxCatalogueUniverse(options: Self.evolving).changedIds(media, on: Self.today).last)
        try await withSandbox(Self.evolving) { server in
            let answer = try await fetch(server, "/3/\(type)/\(newest)")
            #expect(answer.status == 200)
        }
        let yesterday = evolvingOptions(on: Self.today.adding(days: -1))
        try await withSandbox(yesterday) { server in
            let answer = try await fetch(server, "/3/\(type)/\(newest)")
            #expect(answer.status == 404)
        }
    }

    @Test("requires credentials like every /3 route")
    func credentials() async throws {
        try await withSandbox(Self.evolving) { server in
            let anonymous = try await fetch(server, "/3/tv/changes", credential: .none)
            let withKey = try await fetch(server, "/3/tv/changes", credential: .apiKey)
            #expect(anonymous.status == 401)
            #expect(withKey.status == 200)
        }
    }

    @Test("scans each day of a feed once, whatever the pages and windows asked")
    func scansOnce() throws {
        let universe = SandboxCatalogueUniverse(options: Self.evolving)
        let cache = ChangeFeedCache()
        func ask(_ path: String) {
            let target = RequestTarget(path)
            let answer = APIAnswer.answer(
                .changes(.movie), target, catalogue: .shared, configuration: [], universe: universe,
                today: Self.today, changeFeeds: cache)
            #expect(answer.status == 200)
        }
        for page in 1...3 { ask(Self.path(from: -2, through: 0, page: page)) }
        #expect(cache.scans == 3)
        ask(Self.path(from: -4, through: -1))
        #expect(cache.scans == 5)
    }

    @Test("scans each day of the person feed once, apart from the title feeds' days")
    func personFeedScansOnce() throws {
        let universe = SandboxCatalogueUniverse(options: Self.evolving)
        let cache = ChangeFeedCache()
        func ask(_ route: APIRoute, _ path: String) {
            let answer = APIAnswer.answer(
                route, RequestTarget(path), catalogue: .shared, configuration: [], universe: universe,
                today: Self.today, changeFeeds: cache, people: SandboxPersonUniverse(titles: universe))
            #expect(answer.status == 200)
        }
        for page in 1...2 { ask(.personChanges, Self.path(from: -2, through: 0, page: page)) }
        #expect(cache.scans == 3)
        ask(.changes(.movie), Self.path(from: -2, through: 0))
        #expect(cache.scans == 6)
    }

    @Test("with a fault, claims 10⁹ pages and answers every page, or answers page 1 whatever page was asked for")
    func lyingLength() async throws {
        var claims = Self.evolving
        claims.faults.changeFeedFault = .claimsPages(1_000_000_000)
        try await withSandbox(claims) { server in
            for page in [1, 500, 501, 7_000] {
                let answer = try await fetch(server, Self.path(from: -1, through: 0, page: page))
                #expect(answer.status == 200)
                let body = try jsonObject(answer.body)
                #expect(body["page"] as? Int == page && body["total_pages"] as? Int == 1_000_000_000)
            }
            #expect(server.requestLog().last?.fault == .changeFeedLength)
            // A list is not a feed: its pages still end at 500.
            #expect(try await fetch(server, "/3/movie/popular?page=501").status == 422)
        }
        var deaf = Self.evolving
        deaf.faults.changeFeedFault = .ignoresPage
        try await withSandbox(deaf) { server in
            let first = try await fetch(server, Self.path(from: -1, through: 0))
            let third = try await fetch(server, Self.path(from: -1, through: 0, page: 3))
            #expect(third.body == first.body)
            let body = try jsonObject(third.body)
            #expect(body["page"] as? Int == 1 && (body["total_pages"] as? Int ?? 0) >= 2)
        }
    }

    /// A fault, a window (days after today) and page asked, and the `total_pages` the answer claims: nil for the
    /// truth (the window's entries, `pageSize` a page), with no fault recorded.
    static let claims: [(ChangeFeedFault, from: Int, through: Int, page: Int, claim: Int?)] = [
        (.windowsClaimPages(501), -2, 0, 1, 501),
        (.windowsClaimPages(501), -2, 0, 600, 501),
        (.windowsClaimPages(501), 0, 0, 1, nil),
        (.firstPageUnderstates(by: 2), -1, -1, 1, -2),
        (.firstPageUnderstates(by: 2), -1, -1, 2, nil),
        (.dayClaimsPages(today.adding(days: -1).isoDate, 501), -1, -1, 1, 501),
        (.dayClaimsPages(today.adding(days: -1).isoDate, 501), -3, 0, 2, 501),
        (.dayClaimsPages(today.adding(days: -1).isoDate, 501), 0, 0, 1, nil),
        (.claimsOneMorePage, 0, 0, 7, 8),
    ]

    @Test(
        "each page fault lies only where it says: multi-day windows, page 1 by N short, one day, one page more",
        arguments: claims)
    func pageFaults(fault: ChangeFeedFault, from: Int, through: Int, page: Int, claim: Int?) async throws {
        var options = Self.evolving
        options.faults.changeFeedFault = fault
        options.changeFeedPageSize = 3
        try await withSandbox(options) { server in
            let entries = (from...through).reduce(0) { sum, day in
                sum + server.universe.changedIds(.movie, on: Self.today.adding(days: day)).count
            }
            let truth = max(1, (entries + 2) / 3)
            // Negative: that many pages short of the truth, at least 1.
            let expected = claim.map { $0 < 0 ? max(1, truth + $0) : $0 } ?? truth
            #expect(truth >= 3, "the window must span pages for the understated page to say anything")
            let answer = try await fetch(server, Self.path(from: from, through: through, page: page))
            #expect(answer.status == 200)
            let body = try jsonObject(answer.body)
            #expect(body["page"] as? Int == page && body["total_pages"] as? Int == expected)
            #expect(server.requestLog().last?.fault == (claim == nil ? nil : .changeFeedLength))
        }
    }
}
