/// An API path the sandbox serves, parsed from the decoded request path; nil (then 404) for any other.
///
/// Order matters under `/3/movie/`: a list name or `changes` wins, then a numeric catalogue id (details), then an id
/// followed by `recommendations` or `similar`.
enum APIRoute: Equatable {
    case configuration
    case movieGenres
    case tvGenres
    case movieList(SandboxList)
    case tvList(SandboxTVList)
    /// `index` is the movie's index in the catalogue.
    case movieDetails(index: Int)
    /// Details of a movie of the catalogue universe beyond the list catalogue.
    case catalogueMovie(id: Int)
    /// Details of a series of the catalogue universe (list shows included).
    case catalogueSeries(id: Int)
    /// `/3/movie/changes` or `/3/tv/changes`.
    case changes(CatalogueMediaType)
    /// Details of a person in the person export of the day.
    case person(id: Int)
    /// `/3/person/changes`.
    case personChanges
    case recommendations(index: Int)
    case similar(index: Int)
    /// `/3/watch/providers/movie` or `/3/watch/providers/tv`.
    case watchProviderList(CatalogueMediaType)
    /// `/3/movie/{id}/watch/providers` or `/3/tv/{id}/watch/providers` of a title in the day's exports.
    case titleWatchProviders(CatalogueMediaType, id: Int)
    /// `/3/tv/{id}/season/{number}` of a series in the day's exports (404 later when it has no such season).
    case season(seriesId: Int, number: Int)
    case trendingMovies(SandboxTrendingWindow)
    case trendingShows(SandboxTrendingWindow)
    case discoverMovies
    case discoverShows
    case searchMovies
    case searchShows

    /// Parses `/3/…`; unknown paths, unknown windows and ids neither in `catalogue` nor in `universe`'s exports of
    /// `today` (for person ids, `people`'s, by default the people of `universe`) give nil.
    init?(
        path: String, catalogue: SandboxCatalogue, universe: SandboxCatalogueUniverse? = nil,
        people: SandboxPersonUniverse? = nil, today: ExportDay = SandboxCatalogueUniverse.evolutionEpoch
    ) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "3" else { return nil }
        let segments = Array(parts.dropFirst(2))
        switch segments.count {
        case 1 where segments[0] == "configuration":
            self = .configuration
        case 2:
            guard
                let route = Self.twoSegments(
                    segments[0], segments[1], catalogue: catalogue, universe: universe, people: people, today: today)
            else { return nil }
            self = route
        case 3:
            guard let route = Self.threeSegments(segments, catalogue: catalogue) else { return nil }
            self = route
        case 4 where segments[2] == "watch" && segments[3] == "providers":
            let type: CatalogueMediaType
            switch segments[0] {
            case "movie": type = .movie
            case "tv": type = .series
            default: return nil
            }
            guard let id = Self.numericId(segments[1]), universe?.contains(type, id: id, on: today) == true else {
                return nil
            }
            self = .titleWatchProviders(type, id: id)
        case 4 where segments[0] == "tv" && segments[2] == "season":
            guard let id = Self.numericId(segments[1]), let number = Self.numericId(segments[3]),
                universe?.contains(.series, id: id, on: today) == true
            else { return nil }
            self = .season(seriesId: id, number: number)
        default:
            return nil
        }
    }

    private static func twoSegments(
        _ first: String, _ second: String, catalogue: SandboxCatalogue, universe: SandboxCatalogueUniverse?,
        people: SandboxPersonUniverse?, today: ExportDay
    ) -> APIRoute? {
        switch first {
        case "movie":
            if let list = SandboxList(rawValue: second) { return .movieList(list) }
            if second == "changes" { return .changes(.movie) }
            if let index = movieIndex(second, catalogue) { return .movieDetails(index: index) }
            guard let id = numericId(second), universe?.contains(.movie, id: id, on: today) == true else { return nil }
            return .catalogueMovie(id: id)
        case "tv":
            if let list = SandboxTVList(rawValue: second) { return .tvList(list) }
            if second == "changes" { return .changes(.series) }
            guard let id = numericId(second), universe?.contains(.series, id: id, on: today) == true else {
                return nil
            }
            return .catalogueSeries(id: id)
        case "person":
            if second == "changes" { return .personChanges }
            guard let id = numericId(second), let universe,
                (people ?? SandboxPersonUniverse(titles: universe)).contains(id: id, on: today)
            else { return nil }
            return .person(id: id)
        case "discover":
            return second == "movie" ? .discoverMovies : second == "tv" ? .discoverShows : nil
        case "search":
            return second == "movie" ? .searchMovies : second == "tv" ? .searchShows : nil
        default:
            return nil
        }
    }

    private static func threeSegments(_ segments: [String], catalogue: SandboxCatalogue) -> APIRoute? {
        switch (segments[0], segments[1], segments[2]) {
        case ("genre", "movie", "list"):
            return .movieGenres
        case ("genre", "tv", "list"):
            return .tvGenres
        case ("trending", "movie", let window):
            return SandboxTrendingWindow(rawValue: window).map { .trendingMovies($0) }
        case ("trending", "tv", let window):
            return SandboxTrendingWindow(rawValue: window).map { .trendingShows($0) }
        case ("movie", let id, "recommendations"):
            return movieIndex(id, catalogue).map { .recommendations(index: $0) }
        case ("movie", let id, "similar"):
            return movieIndex(id, catalogue).map { .similar(index: $0) }
        case ("watch", "providers", "movie"):
            return .watchProviderList(.movie)
        case ("watch", "providers", "tv"):
            return .watchProviderList(.series)
        default:
            return nil
        }
    }

    /// Whether TMDB reads `append_to_response` on the route (the details routes), so that its limit of 20 items
    /// applies.
    var takesAppendToResponse: Bool {
        switch self {
        case .movieDetails, .catalogueMovie, .catalogueSeries, .person, .season: true
        default: false
        }
    }

    /// The id of a details request (`/3/movie/{id}`, a list movie's or a catalogue's, `/3/tv/{id}`,
    /// `/3/person/{id}`): what ``SandboxFaultPlan/failingIDs`` and ``SandboxFaultPlan/oversizedIDs`` name.
    func detailsID(in catalogue: SandboxCatalogue) -> Int? {
        switch self {
        case .catalogueMovie(let id), .catalogueSeries(let id), .person(let id): id
        case .movieDetails(let index): catalogue.movies[index].id
        default: nil
        }
    }

    /// The catalogue index of an id segment made only of ASCII digits.
    private static func movieIndex(_ segment: String, _ catalogue: SandboxCatalogue) -> Int? {
        numericId(segment).flatMap { catalogue.movieIndex(id: $0) }
    }

    /// An id segment made only of ASCII digits.
    private static func numericId(_ segment: String) -> Int? {
        guard !segment.isEmpty, segment.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(segment)
    }
}
