import Foundation
import Testing

@testable import TMDBSandbox

@Suite("The sandbox catalogue")
struct SandboxCatalogueTests {
    let catalogue = SandboxCatalogue.shared

    @Test("is the same, movie for movie, every time it is built")
    func isDeterministic() {
        let rebuilt = SandboxCatalogue()
        #expect(rebuilt.movies == catalogue.movies)
        for list in SandboxList.allCases {
            #expect(rebuilt.list(list) == catalogue.list(list))
        }
        #expect(rebuilt.fragments == catalogue.fragments)
    }

    @Test("holds at least 10,000 movies with unique, positive, non-contiguous ids")
    func holdsTenThousandMovies() {
        let ids = catalogue.movies.map(\.id)
        #expect(ids.count >= 10_000)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0 > 0 })
        #expect(zip(ids, ids.dropFirst()).contains { $1 != $0 + 1 })
    }

    @Test("gives popular and top_rated more than TMDB's 500 pages")
    func bigListsPassThePageCap() {
        #expect(catalogue.totalPages(.popular) == 520)
        #expect(catalogue.totalPages(.topRated) == 520)
        #expect(catalogue.totalResults(.popular) == catalogue.movies.count)
    }

    @Test("makes now_playing about 1,000 and upcoming about 300 movies, subsets of the catalogue")
    func smallListsAreSubsets() {
        let nowPlaying = catalogue.list(.nowPlaying)
        let upcoming = catalogue.list(.upcoming)
        #expect((900...1_100).contains(nowPlaying.count))
        #expect((250...350).contains(upcoming.count))
        #expect(Set(nowPlaying).count == nowPlaying.count)
        #expect(Set(upcoming).count == upcoming.count)
        #expect(nowPlaying.allSatisfy { catalogue.movies.indices.contains($0) })
        #expect(upcoming.allSatisfy { catalogue.movies.indices.contains($0) })
    }

    @Test("orders top_rated by vote average, then id")
    func topRatedOrder() {
        let movies = catalogue.list(.topRated).map { catalogue.movies[$0] }
        for (left, right) in zip(movies, movies.dropFirst()) {
            #expect(
                left.voteAverage > right.voteAverage || (left.voteAverage == right.voteAverage && left.id < right.id))
        }
    }

    @Test("orders popular by popularity, then id")
    func popularOrder() {
        let movies = catalogue.list(.popular).map { catalogue.movies[$0] }
        for (left, right) in zip(movies, movies.dropFirst()) {
            #expect(left.popularity > right.popularity || (left.popularity == right.popularity && left.id < right.id))
        }
    }

    @Test("gives every list its own order")
    func listsDifferInOrder() {
        let firstPages = SandboxList.allCases.map { Array(catalogue.list($0).prefix(20)) }
        #expect(Set(firstPages.map { $0.description }).count == SandboxList.allCases.count)
    }

    @Test("derives unique TMDB-like poster paths from the ids")
    func posterPathsLookLikeTMDBs() throws {
        let paths = catalogue.movies.compactMap(\.posterPath)
        #expect(Set(paths).count == paths.count)
        let pattern = try Regex("^/[0-9A-Za-z]{27}\\.jpg$")
        #expect(paths.allSatisfy { $0.wholeMatch(of: pattern) != nil })
        #expect(catalogue.movies.contains { $0.posterPath == nil })
        #expect(catalogue.movies.contains { $0.backdropPath == nil })
    }

    @Test("uses only TMDB's movie genres")
    func usesRealGenres() {
        let known = Set(SandboxGenre.all.map(\.id))
        #expect(SandboxGenre.all.count == 19)
        #expect(catalogue.movies.allSatisfy { Set($0.genreIds).isSubset(of: known) })
    }

    /// Each hard case, as a predicate on a movie.
    static let hardCases: [(String, @Sendable (SandboxMovie) -> Bool)] = [
        ("a comma", { $0.title.contains(",") }),
        ("double quotes", { $0.title == "The \"Quoted\" Movie" }),
        ("only a double quote", { $0.title == "\"" }),
        ("an embedded LF", { $0.title.contains("\n") && !$0.title.contains("\r\n") }),
        ("an embedded CRLF", { $0.title.contains("\r\n") }),
        ("leading and trailing spaces", { $0.title.hasPrefix(" ") && $0.title.hasSuffix(" ") }),
        ("Japanese", { $0.title == "千と千尋の神隠し" && $0.originalLanguage == "ja" }),
        (
            "Korean",
            { $0.originalLanguage == "ko" && $0.title.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        ),
        ("Chinese", { $0.originalLanguage == "zh" && $0.title == "卧虎藏龙" }),
        ("Russian", { $0.title == "Сталкер" }),
        (
            "Greek",
            { $0.originalLanguage == "el" && $0.title.unicodeScalars.contains { (0x370...0x3FF).contains($0.value) } }
        ),
        (
            "Arabic",
            { $0.originalLanguage == "ar" && $0.title.unicodeScalars.contains { (0x600...0x6FF).contains($0.value) } }
        ),
        (
            "Hebrew",
            { $0.originalLanguage == "he" && $0.title.unicodeScalars.contains { (0x5D0...0x5EA).contains($0.value) } }
        ),
        ("a ZWJ emoji sequence", { $0.title.contains("👨‍👩‍👧") }),
        ("a flag emoji", { $0.title.contains("🇫🇷") }),
        ("a leading =", { $0.title.hasPrefix("=") }),
        ("a leading -", { $0.title.hasPrefix("-") }),
        ("an overview with tabs and backslashes", { $0.overview.contains("\t") && $0.overview.contains("\\") }),
        ("an overview with other control characters", { $0.overview.unicodeScalars.contains { $0.value == 0x07 } }),
        ("a French original title", { $0.originalLanguage == "fr" && $0.originalTitle != $0.title }),
        ("no poster", { $0.posterPath == nil }),
        ("no backdrop", { $0.backdropPath == nil }),
        ("no release date", { $0.releaseDate.isEmpty }),
        ("an integral vote average", { $0.voteAverage > 0 && $0.voteAverage == $0.voteAverage.rounded() }),
        ("no votes", { $0.voteCount == 0 }),
        ("the adult flag", { $0.adult }),
        ("no genres", { $0.genreIds.isEmpty }),
    ]

    @Test("puts every hard case on page 1 of popular", arguments: hardCases.map(\.0))
    func hardCasesOnPopularPageOne(name: String) throws {
        let matches = try #require(Self.hardCases.first { $0.0 == name }).1
        #expect(catalogue.page(1, of: .popular).contains(where: matches))
    }

    @Test("puts most hard cases on page 1 of top_rated")
    func hardCasesOnTopRatedPageOne() {
        let page = catalogue.page(1, of: .topRated)
        let present = Self.hardCases.filter { page.contains(where: $0.1) }
        #expect(present.count >= Self.hardCases.count - 3)
        #expect(page.contains { $0.title == "千と千尋の神隠し" })
        #expect(page.contains { $0.title == "\"" })
    }

    @Test("also scatters hard titles through the rest of the catalogue")
    func hardCasesAreScattered() {
        let firstPageIds = Set(catalogue.page(1, of: .popular).map(\.id))
        let hardTitles = Set(HardCase.all.map(\.title))
        let scattered = catalogue.movies.filter { hardTitles.contains($0.title) && !firstPageIds.contains($0.id) }
        #expect(scattered.count >= 15)
        let popular = catalogue.list(.popular)
        let deepPages = Set(
            scattered.compactMap { movie in
                popular.firstIndex { catalogue.movies[$0].id == movie.id }.map { $0 / 20 + 1 }
            })
        #expect(deepPages.count >= 10)
    }

    @Test("serves empty pages past the end of a list")
    func pagesPastTheEnd() {
        #expect(catalogue.page(catalogue.totalPages(.upcoming) + 1, of: .upcoming).isEmpty)
        #expect(catalogue.page(520, of: .popular).count == 20)
        #expect(catalogue.page(521, of: .popular).isEmpty)
    }

    @Test("with unsafe poster paths, puts every hostile path on page 1 of every list")
    func unsafePosterPaths() {
        let unsafe = SandboxCatalogue.withUnsafePosterPaths
        for list in SandboxList.allCases {
            let paths = unsafe.page(1, of: list).map(\.posterPath)
            for hostile in SandboxCatalogue.hostilePosterPaths {
                #expect(paths.contains(hostile), "\(list) page 1 lacks \(hostile)")
            }
        }
        #expect(unsafe.movies.map(\.id) == catalogue.movies.map(\.id))
        #expect(!catalogue.movies.contains { SandboxCatalogue.hostilePosterPaths.contains($0.posterPath ?? "-") })
    }

    @Test("renders each movie's JSON with TMDB's keys in TMDB's (alphabetical) order, softcore on some")
    func fragmentKeyOrder() throws {
        let keys = [
            "adult", "backdrop_path", "genre_ids", "id", "original_language", "original_title", "overview",
            "popularity", "poster_path", "release_date", "title", "video", "vote_average", "vote_count",
        ]
        for index in 0..<30 {
            let text = String(decoding: catalogue.fragments[index], as: UTF8.self)
            let softcore = catalogue.movies[index].carriesSoftcore
            let present = softcore ? (keys + ["softcore"]).sorted() : keys
            let offsets = try present.map { try #require(text.range(of: "\"\($0)\":")?.lowerBound) }
            #expect(offsets == offsets.sorted())
            #expect(text.contains(#""softcore":false"#) == softcore)
        }
        #expect(catalogue.movies.prefix(30).contains { $0.carriesSoftcore })
        #expect(!catalogue.movies.prefix(30).allSatisfy { $0.carriesSoftcore })
    }
}
