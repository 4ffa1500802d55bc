import Foundation
import Testing

@testable import TMDBSandbox

/// Discover, details, list pages and export files of one simulated day serve the same drifted numbers, and discover
/// answers from the whole universe of that day.
@Suite("Discover over the universe of a day")
struct UniverseDiscoverTests {
    static let epoch = SandboxCatalogueUniverse.evolutionEpoch
    static let today = epoch.adding(days: 6)
    static let universe = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800, evolves: true)

    /// The answer of the sandbox's route for `pathAndQuery` on `day`.
    static func answer(
        _ pathAndQuery: String, on day: ExportDay = today, in universe: SandboxCatalogueUniverse = universe,
        discoverOrders: DiscoverOrderCache = DiscoverOrderCache()
    ) throws -> APIAnswer {
        let target = RequestTarget(pathAndQuery)
        let route = try #require(APIRoute(path: target.path, catalogue: .shared, universe: universe, today: day))
        return APIAnswer.answer(
            route, target, catalogue: .shared, configuration: [], universe: universe, today: day,
            discoverOrders: discoverOrders)
    }

    /// The results of a paged answer, and its totals.
    static func page(_ answer: APIAnswer) throws -> (results: [[String: Any]], totalResults: Int, totalPages: Int) {
        #expect(answer.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        return (
            try #require(body["results"] as? [[String: Any]]), try #require(body["total_results"] as? Int),
            try #require(body["total_pages"] as? Int)
        )
    }

    /// The popularity of every line of the day's export file, by id.
    static func exportPopularities(_ type: CatalogueMediaType, adult: Bool, on day: ExportDay = today) throws
        -> [Int: Double]
    {
        let name = SandboxCatalogueUniverse.exportFileName(type, adult: adult, on: day)
        let bytes = try #require(producedExportFile(name, from: universe))
        return try exportLines(bytes, type, adult: adult).mapValues {
            try #require(DailyNumbers.number("popularity", in: $0))
        }
    }

    /// The first `count` ids by popularity descending, ties to the lower id, of the day's lines not removed since
    /// the export.
    static func topIds(_ type: CatalogueMediaType, _ lines: [Int: Double], count: Int) -> [Int] {
        let present = lines.filter { !universe.isRemovedSinceExport(type, id: $0.key, on: today) }
        return present.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(count).map(\.key)
    }

    static func path(_ type: CatalogueMediaType) -> String {
        type == .movie ? "/3/discover/movie" : "/3/discover/tv"
    }

    @Test(
        "lists the day's export ids by popularity on page 1, ties to the lower id, adult ones only with include_adult",
        arguments: CatalogueMediaType.allCases)
    func firstPageIsTheExportsTop(type: CatalogueMediaType) throws {
        let plain = try Self.exportPopularities(type, adult: false)
        let adult = try Self.exportPopularities(type, adult: true)
        let orders = DiscoverOrderCache()
        let page = try Self.page(
            Self.answer(Self.path(type) + "?sort_by=popularity.desc&page=1", discoverOrders: orders))
        #expect(page.results.compactMap { $0["id"] as? Int } == Self.topIds(type, plain, count: 20))
        let everything = plain.merging(adult) { first, _ in first }
        let withAdult = try Self.page(
            Self.answer(Self.path(type) + "?sort_by=popularity.desc&include_adult=true&page=1", discoverOrders: orders))
        let expected = Self.topIds(type, everything, count: 20)
        #expect(withAdult.results.compactMap { $0["id"] as? Int } == expected)
        #expect(expected.contains { adult[$0] != nil }, "no adult id among the top 20: the test proves nothing")
        // total_results: every listed id not removed since the export.
        let present = plain.keys.filter { !Self.universe.isRemovedSinceExport(type, id: $0, on: Self.today) }
        #expect(page.totalResults == present.count)
        #expect(page.totalPages == (present.count + 19) / 20)
        // The pages of a day share one sort per media type and order.
        _ = try Self.answer(Self.path(type) + "?page=7", discoverOrders: orders)
        #expect(orders.sorts == 1)
    }

    @Test(
        "serves an id's export-line popularity in its details and in its discover item, and the same votes in both",
        arguments: CatalogueMediaType.allCases)
    func placesAgree(type: CatalogueMediaType) throws {
        let lines = try Self.exportPopularities(type, adult: false)
        let orders = DiscoverOrderCache()
        var checked = 0
        for pageNumber in [1, 3, 40, 120] {
            let page = try Self.page(
                Self.answer(Self.path(type) + "?page=\(pageNumber)&language=en-US", discoverOrders: orders))
            for item in page.results.prefix(5) {
                let id = try #require(item["id"] as? Int)
                let popularity = try #require(item["popularity"] as? NSNumber).doubleValue
                #expect(lines[id] == popularity, "id \(id)")
                let details = try Self.answer(type == .movie ? "/3/movie/\(id)" : "/3/tv/\(id)")
                let text = String(decoding: details.body, as: UTF8.self)
                #expect(DailyNumbers.number("popularity", in: text) == popularity, "id \(id)")
                #expect(DailyNumbers.number("vote_count", in: text) == (item["vote_count"] as? NSNumber)?.doubleValue)
                let average = try #require(item["vote_average"] as? NSNumber).doubleValue
                let detailsAverage = type == .movie ? DailyNumbers.number("vote_average", in: text) : nil
                if type == .movie { #expect(detailsAverage == average, "id \(id)") }
                checked += 1
            }
        }
        #expect(checked == 20)
    }

    @Test("filters and sorts by the day's votes, and answers 422 above page 500")
    func filtersByTheDaysValues() throws {
        let found = try Self.page(Self.answer("/3/discover/movie?sort_by=vote_count.desc&vote_count.gte=50"))
        let counts = found.results.compactMap { ($0["vote_count"] as? NSNumber)?.intValue }
        #expect(counts.count == 20)
        #expect(counts.allSatisfy { $0 >= 50 })
        #expect(counts == counts.sorted(by: >))
        let everything = try Self.page(Self.answer("/3/discover/movie?sort_by=vote_count.desc"))
        #expect(found.totalResults < everything.totalResults)
        #expect(try Self.answer("/3/discover/movie?page=501").status == 422)
        #expect(try Self.answer("/3/discover/tv?page=501").status == 422)
    }

    @Test("keeps the list pages' order and gives their items the day's numbers")
    func listPagesDrift() throws {
        let epochPage = try Self.page(Self.answer("/3/movie/popular?page=2", on: Self.epoch))
        let todayPage = try Self.page(Self.answer("/3/movie/popular?page=2"))
        let ids = { (page: [[String: Any]]) in page.compactMap { $0["id"] as? Int } }
        #expect(ids(epochPage.results) == ids(todayPage.results))
        let popularity = { (page: [[String: Any]]) in page.compactMap { ($0["popularity"] as? NSNumber)?.doubleValue } }
        #expect(zip(popularity(epochPage.results), popularity(todayPage.results)).filter { $0 != $1 }.count > 15)
        for item in todayPage.results.prefix(5) {
            let id = try #require(item["id"] as? Int)
            let details = String(decoding: try Self.answer("/3/movie/\(id)").body, as: UTF8.self)
            #expect(DailyNumbers.number("popularity", in: details) == (item["popularity"] as? NSNumber)?.doubleValue)
        }
    }

    @Test("serves the epoch and a universe that does not evolve byte for byte as the list catalogue did")
    func stillDaysAreUnchanged() throws {
        let still = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800)
        let movie = still.idSpace(.movie).id(slot: 10_403)
        let series = still.idSpace(.series).id(slot: 2_410)
        let paths = [
            "/3/movie/100", "/3/movie/\(movie)?append_to_response=credits,keywords", "/3/tv/80001", "/3/tv/\(series)",
            "/3/movie/popular?page=3", "/3/tv/top_rated", "/3/discover/movie?page=2", "/3/discover/tv?sort_by=name.asc",
            "/3/trending/movie/week",
        ]
        for path in paths {
            let reference = try Self.answer(path, on: Self.today, in: still)
            #expect(try Self.answer(path, on: Self.epoch).body == reference.body, "\(path)")
        }
        // Discover of a still day is the list catalogue's, as before the universe evolved.
        let discover = try Self.page(Self.answer("/3/discover/movie", on: Self.today, in: still))
        #expect(discover.totalResults == SandboxCatalogue.shared.discoverMovies(SandboxMovieDiscovery()).count)
    }
}

@Suite("Discover's date windows")
struct DiscoverDateWindowTests {
    typealias Universe = UniverseDiscoverTests

    @Test(
        "keeps the items whose date is in the window, by popularity, and none undated",
        arguments: [
            ("/3/discover/movie", "primary_release_date", "release_date"),
            ("/3/discover/tv", "first_air_date", "first_air_date"),
        ])
    func window(path: String, parameter: String, field: String) throws {
        let whole = try Universe.page(Universe.answer("\(path)?sort_by=popularity.desc"))
        let window = try Universe.page(
            Universe.answer("\(path)?sort_by=popularity.desc&\(parameter).gte=1990-01-01&\(parameter).lte=1999-12-31"))
        #expect(window.totalResults > 0 && window.totalResults < whole.totalResults)
        let dates = window.results.map { $0[field] as? String ?? "" }
        #expect(dates.allSatisfy { $0 >= "1990-01-01" && $0 <= "1999-12-31" }, "\(dates)")
        let popularity = window.results.map { $0["popularity"] as? Double ?? -1 }
        #expect(popularity == popularity.sorted(by: >))
        let open = try Universe.page(Universe.answer("\(path)?\(parameter).gte=2020-01-01"))
        #expect(open.results.allSatisfy { ($0[field] as? String ?? "") >= "2020-01-01" })
    }

    @Test("answers 422 for a date that is not YYYY-MM-DD")
    func badDate() throws {
        #expect(try Universe.answer("/3/discover/movie?primary_release_date.gte=1990").status == 422)
        #expect(try Universe.answer("/3/discover/tv?first_air_date.lte=yesterday").status == 422)
    }
}
