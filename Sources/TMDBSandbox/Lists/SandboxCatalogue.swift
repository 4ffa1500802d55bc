/// The movies and TV shows the sandbox serves, their list orders and their pre-rendered JSON.
///
/// Deterministic: built from fixed generators, independent of ``SandboxOptions/seed`` and of the clock. The TV
/// shows are generated apart from the movies, so the movies, their orders and their JSON do not depend on them.
struct SandboxCatalogue: Sendable {
    /// The standard catalogue, built once on first use.
    static let shared = SandboxCatalogue(unsafePosterPaths: false)
    /// The catalogue with hostile poster paths on page 1 of every list, built once on first use.
    static let withUnsafePosterPaths = SandboxCatalogue(unsafePosterPaths: true)

    /// Results per list page, as on TMDB.
    static let pageSize = 20
    /// Highest page TMDB accepts.
    static let maximumPage = 500

    /// Every movie, in catalogue order (the order of generation, not of any list).
    let movies: [SandboxMovie]
    /// Each movie's TMDB result object, rendered once so that serving a page is only a copy.
    let fragments: [[UInt8]]
    /// Catalogue index of every non-empty poster path.
    let posterIndex: [String: Int]
    private let lists: [SandboxList: [Int]]
    /// The TV shows, their lists, JSON and poster index.
    let tv: ShowCatalogue
    /// Catalogue indices of the trending movies and shows, by window.
    let trending: (movies: [SandboxTrendingWindow: [Int]], shows: [SandboxTrendingWindow: [Int]])
    /// Folded title and original title of every movie, for search.
    let movieSearchTexts: [(title: SearchText, originalTitle: SearchText)]
    /// Folded name and original name of every show, for search.
    let showSearchTexts: [(name: SearchText, originalName: SearchText)]
    /// Discover orders of the movies, sorted on first use.
    let movieOrders = OrderCache<SandboxMovieDiscovery.Sort>()
    /// Discover orders of the shows, sorted on first use.
    let showOrders = OrderCache<SandboxShowDiscovery.Sort>()

    /// Builds the catalogue; prefer ``shared`` or ``withUnsafePosterPaths``, which build it once.
    /// - Parameter unsafePosterPaths: replace a few poster paths on page 1 of every movie and TV list with
    ///   ``SandboxCatalogue/hostilePosterPaths``.
    init(unsafePosterPaths: Bool = false) {
        var movies = CatalogueGenerator.movies()
        let lists = Self.makeLists(movies)
        if unsafePosterPaths {
            Self.insertHostilePosterPaths(into: &movies, lists: lists)
        }
        self.movies = movies
        self.lists = lists
        self.posterIndex = ImagePath.index(ofPosters: movies.map(\.posterPath))
        self.fragments = movies.map { $0.jsonFragment() }
        let tv = ShowCatalogue(unsafePosterPaths: unsafePosterPaths)
        self.tv = tv
        let movieEntries = movies.map { (popularity: $0.popularity, id: $0.id, adult: $0.adult) }
        let showEntries = tv.shows.map { (popularity: $0.popularity, id: $0.id, adult: $0.adult) }
        var trendingMovies: [SandboxTrendingWindow: [Int]] = [:]
        var trendingShows: [SandboxTrendingWindow: [Int]] = [:]
        for window in SandboxTrendingWindow.allCases {
            trendingMovies[window] = TrendingOrder.indices(movieEntries, window: window, seed: 0x4D4F_5649_45)
            trendingShows[window] = TrendingOrder.indices(showEntries, window: window, seed: 0x5456)
        }
        trending = (trendingMovies, trendingShows)
        movieSearchTexts = movies.map { movie in
            let title = SearchText(movie.title)
            return (title, movie.originalTitle == movie.title ? title : SearchText(movie.originalTitle))
        }
        showSearchTexts = tv.shows.map { show in
            let name = SearchText(show.name)
            return (name, show.originalName == show.name ? name : SearchText(show.originalName))
        }
    }

    /// Poster paths that ``SandboxFaultPlan/unsafePosterPaths`` puts on page 1 of every list.
    static var hostilePosterPaths: [String] { ImagePath.hostile }

    /// Indices into ``movies``, in the order of the list.
    func list(_ name: SandboxList) -> [Int] {
        lists[name] ?? []
    }

    /// `total_results` of a list: its real length.
    func totalResults(_ name: SandboxList) -> Int {
        list(name).count
    }

    /// `total_pages` of a list: its real page count, even above the 500 pages TMDB serves.
    func totalPages(_ name: SandboxList) -> Int {
        (totalResults(name) + Self.pageSize - 1) / Self.pageSize
    }

    /// The movies of one page (1-based) of a list; empty past the end.
    func page(_ number: Int, of name: SandboxList) -> [SandboxMovie] {
        pageIndices(number, of: name).map { movies[$0] }
    }

    /// The movie whose poster path is exactly `posterPath`, if any.
    func movie(posterPath: String) -> SandboxMovie? {
        posterIndex[posterPath].map { movies[$0] }
    }

    /// Catalogue indices of one page (1-based) of a list; empty past the end.
    func pageIndices(_ number: Int, of name: SandboxList) -> ArraySlice<Int> {
        let indices = list(name)
        let start = (number - 1) * Self.pageSize
        guard number >= 1, start < indices.count else { return [] }
        return indices[start..<min(start + Self.pageSize, indices.count)]
    }

    private static func makeLists(_ movies: [SandboxMovie]) -> [SandboxList: [Int]] {
        let all = Array(movies.indices)
        return [
            .popular: movies.indices(all, by: .popularity),
            .topRated: movies.indices(all, by: .voteAverage),
            .nowPlaying: movies.indices(all.filter { $0 % 10 == 3 }, by: .popularity),
            // Newest first, undated last: a different order from the other lists.
            .upcoming: movies.indices(all.filter { $0 % 35 == 6 }, by: .date),
        ]
    }

    private static func insertHostilePosterPaths(into movies: inout [SandboxMovie], lists: [SandboxList: [Int]]) {
        let firstPages = SandboxList.allCases.map { Array((lists[$0] ?? []).prefix(pageSize)) }
        for (index, path) in HostilePosterPlacement.assignments(firstPages: firstPages) {
            movies[index].posterPath = path
        }
    }
}
