import Foundation
import Testing

@testable import TMDBSandbox

@Suite("The TV catalogue")
struct ShowCatalogueTests {
    let catalogue = SandboxCatalogue.shared

    @Test("is the same, show for show, every time it is built")
    func isDeterministic() {
        let rebuilt = SandboxCatalogue()
        #expect(rebuilt.shows == catalogue.shows)
        for list in SandboxTVList.allCases {
            #expect(rebuilt.tvList(list) == catalogue.tvList(list))
        }
        #expect(rebuilt.tv.fragments == catalogue.tv.fragments)
        for window in SandboxTrendingWindow.allCases {
            #expect(rebuilt.trendingMovies(window) == catalogue.trendingMovies(window))
            #expect(rebuilt.trendingShows(window) == catalogue.trendingShows(window))
        }
    }

    @Test("holds at least 2,000 shows whose ids are unique and never a movie's")
    func holdsTwoThousandShows() {
        let ids = catalogue.shows.map(\.id)
        #expect(ids.count >= 2_000)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0 > 0 })
        #expect(Set(ids).isDisjoint(with: catalogue.movies.map(\.id)))
        #expect(ids.allSatisfy { catalogue.showIndex(id: $0).map { catalogue.shows[$0].id } == $0 })
        #expect(catalogue.movies.allSatisfy { catalogue.showIndex(id: $0.id) == nil })
    }

    @Test("leaves the movies as they were: TV shows are generated apart")
    func moviesUnchanged() {
        #expect(catalogue.movies == CatalogueGenerator.movies())
        #expect(catalogue.fragments == catalogue.movies.map { $0.jsonFragment() })
        #expect(catalogue.movies.map(\.id) == (0..<10_400).map { 100 + $0 * 7 })
    }

    @Test("gives popular and top_rated the whole catalogue, and the other lists their own subsets")
    func listSizes() {
        #expect(catalogue.tvTotalResults(.popular) == catalogue.shows.count)
        #expect(catalogue.tvTotalResults(.topRated) == catalogue.shows.count)
        #expect(catalogue.tvTotalPages(.popular) == (catalogue.shows.count + 19) / 20)
        #expect((250...350).contains(catalogue.tvTotalResults(.onTheAir)))
        #expect((50...70).contains(catalogue.tvTotalResults(.airingToday)))
        for list in SandboxTVList.allCases {
            let indices = catalogue.tvList(list)
            #expect(Set(indices).count == indices.count)
            #expect(indices.allSatisfy { catalogue.shows.indices.contains($0) })
        }
        let firstPages = SandboxTVList.allCases.map { Array(catalogue.tvList($0).prefix(20)) }
        #expect(Set(firstPages.map(\.description)).count == SandboxTVList.allCases.count)
    }

    @Test("orders popular by popularity and top_rated by vote average, then id")
    func listOrders() {
        let popular = catalogue.tvList(.popular).map { catalogue.shows[$0] }
        for (left, right) in zip(popular, popular.dropFirst()) {
            #expect(left.popularity > right.popularity || (left.popularity == right.popularity && left.id < right.id))
        }
        let topRated = catalogue.tvList(.topRated).map { catalogue.shows[$0] }
        for (left, right) in zip(topRated, topRated.dropFirst()) {
            #expect(
                left.voteAverage > right.voteAverage || (left.voteAverage == right.voteAverage && left.id < right.id))
        }
    }

    @Test("derives unique TMDB-like poster paths that no movie uses, and serves them by path")
    func posterPaths() throws {
        let paths = catalogue.shows.compactMap(\.posterPath)
        #expect(Set(paths).count == paths.count)
        let pattern = try Regex("^/[0-9A-Za-z]{27}\\.jpg$")
        #expect(paths.allSatisfy { $0.wholeMatch(of: pattern) != nil })
        #expect(Set(paths).isDisjoint(with: catalogue.movies.compactMap(\.posterPath)))
        #expect(catalogue.shows.contains { $0.posterPath == nil })
        #expect(catalogue.shows.contains { $0.backdropPath == nil })
        let show = catalogue.shows[100]
        #expect(catalogue.show(posterPath: try #require(show.posterPath)) == show)
    }

    @Test("uses only TMDB's TV genres, and all of them")
    func usesTVGenres() {
        let known = Set(SandboxGenre.tv.map(\.id))
        #expect(SandboxGenre.tv.count == 16)
        #expect(catalogue.shows.allSatisfy { Set($0.genreIds).isSubset(of: known) })
        #expect(Set(catalogue.shows.flatMap(\.genreIds)) == known)
    }

    /// Each hard case, as a predicate on a show.
    static let hardCases: [(String, @Sendable (SandboxShow) -> Bool)] = [
        ("a comma", { $0.name.contains(",") }),
        ("double quotes", { $0.name == "The \"Quoted\" Show" }),
        ("only a double quote", { $0.name == "\"" }),
        ("an embedded LF", { $0.name.contains("\n") && !$0.name.contains("\r\n") }),
        ("an embedded CRLF", { $0.name.contains("\r\n") }),
        ("Japanese", { $0.originalLanguage == "ja" && $0.name == "進撃の巨人" }),
        ("Korean", { $0.name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }),
        ("Chinese", { $0.originalLanguage == "zh" && $0.name == "琅琊榜" }),
        ("Cyrillic", { $0.name.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }),
        ("Devanagari", { $0.name.unicodeScalars.contains { (0x900...0x97F).contains($0.value) } }),
        ("Arabic, right to left", { $0.name.unicodeScalars.contains { (0x600...0x6FF).contains($0.value) } }),
        ("Hebrew, right to left", { $0.name.unicodeScalars.allSatisfy { (0x5D0...0x5EA).contains($0.value) } }),
        (
            "Latin mixed with Hebrew",
            { $0.name.contains("Tel Aviv") && $0.name.unicodeScalars.contains { (0x5D0...0x5EA).contains($0.value) } }
        ),
        ("a ZWJ emoji sequence", { $0.name.contains("👨‍👩‍👧‍👦") }),
        ("flag emoji", { $0.name.contains("🇯🇵") && $0.name.contains("🇰🇷") }),
        ("an original name unlike the name", { $0.originalName != $0.name }),
        ("a diacritic", { $0.name == "Élite" }),
        ("a leading =", { $0.name.hasPrefix("=") }),
        ("an overview with tabs and backslashes", { $0.overview.contains("\t") && $0.overview.contains("\\") }),
        ("no poster", { $0.posterPath == nil }),
        ("no backdrop", { $0.backdropPath == nil }),
        ("no first air date", { $0.firstAirDate.isEmpty }),
        ("no origin country", { $0.originCountry.isEmpty }),
        ("several origin countries", { $0.originCountry.count > 1 }),
        ("an integral vote average", { $0.voteAverage > 0 && $0.voteAverage == $0.voteAverage.rounded() }),
        ("no votes", { $0.voteCount == 0 }),
        ("the adult flag", { $0.adult }),
        ("no genres", { $0.genreIds.isEmpty }),
    ]

    @Test("puts every hard case on page 1 of tv/popular", arguments: hardCases.map(\.0))
    func hardCasesOnPopularPageOne(name: String) throws {
        let matches = try #require(Self.hardCases.first { $0.0 == name }).1
        #expect(catalogue.tvPage(1, of: .popular).contains(where: matches))
    }

    @Test("puts most hard cases on page 1 of tv/top_rated")
    func hardCasesOnTopRatedPageOne() {
        let page = catalogue.tvPage(1, of: .topRated)
        let present = Self.hardCases.filter { page.contains(where: $0.1) }
        #expect(present.count >= Self.hardCases.count - 4)
        #expect(page.contains { $0.name == "Late\nNight" })
        #expect(page.contains { $0.name == "باب الحارة" })
    }

    @Test("also scatters hard names through the rest of the catalogue")
    func hardCasesAreScattered() {
        let firstPageIds = Set(catalogue.tvPage(1, of: .popular).map(\.id))
        let hardNames = Set(ShowHardCase.all.map(\.name))
        let scattered = catalogue.shows.filter { hardNames.contains($0.name) && !firstPageIds.contains($0.id) }
        #expect(scattered.count >= 10)
    }

    @Test("serves empty pages past the end of a TV list")
    func pagesPastTheEnd() {
        #expect(catalogue.tvPage(catalogue.tvTotalPages(.airingToday) + 1, of: .airingToday).isEmpty)
        #expect(catalogue.tvPage(catalogue.tvTotalPages(.popular), of: .popular).count == 20)
        #expect(catalogue.tvPage(0, of: .popular).isEmpty)
    }

    @Test("with unsafe poster paths, puts every hostile path on page 1 of every TV list")
    func unsafePosterPaths() {
        let unsafe = SandboxCatalogue.withUnsafePosterPaths
        for list in SandboxTVList.allCases {
            let paths = unsafe.tvPage(1, of: list).map(\.posterPath)
            for hostile in SandboxCatalogue.hostilePosterPaths {
                #expect(paths.contains(hostile), "\(list) page 1 lacks \(hostile)")
            }
        }
        #expect(unsafe.shows.map(\.id) == catalogue.shows.map(\.id))
        #expect(!catalogue.shows.contains { SandboxCatalogue.hostilePosterPaths.contains($0.posterPath ?? "-") })
    }

    @Test("renders each show's JSON with TMDB's keys in TMDB's order, softcore on some")
    func fragmentKeyOrder() throws {
        let keys = [
            "adult", "backdrop_path", "genre_ids", "id", "origin_country", "original_language", "original_name",
            "overview", "popularity", "poster_path", "first_air_date", "name", "vote_average", "vote_count",
        ]
        for index in 0..<30 {
            let text = String(decoding: catalogue.tv.fragments[index], as: UTF8.self)
            let offsets = try keys.map { try #require(text.range(of: "\"\($0)\":")?.lowerBound) }
            #expect(offsets == offsets.sorted())
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let softcore = catalogue.shows[index].carriesSoftcore
            #expect(Set(object.keys) == Set(keys + (softcore ? ["softcore"] : [])))
            #expect(object["softcore"] as? Bool == (softcore ? false : nil))
        }
        #expect(catalogue.shows.prefix(30).contains { $0.carriesSoftcore })
        #expect(!catalogue.shows.prefix(30).allSatisfy { $0.carriesSoftcore })
    }

    @Test("makes trending lists of 1,000 non-adult entries, ordered differently by day and by week")
    func trendingLists() {
        let lists = [
            (catalogue.trendingMovies(.day), catalogue.trendingMovies(.week), catalogue.movies.map(\.adult)),
            (catalogue.trendingShows(.day), catalogue.trendingShows(.week), catalogue.shows.map(\.adult)),
        ]
        for (day, week, adult) in lists {
            #expect(day.count == 1_000)
            #expect(week.count == 1_000)
            #expect(Set(day).count == day.count)
            #expect(day != week)
            #expect(Set(day).intersection(week).count > 300)
            #expect(!day.contains { adult[$0] } && !week.contains { adult[$0] })
        }
    }
}
