import Foundation
import TMDBAPI

/// What one job request fetches: the `endpoint` of a job file, with its `params` or `query`.
///
/// This is the job files' vocabulary. Each case builds its typed endpoint (one struct per endpoint in `TMDBAPI`);
/// a new list endpoint is its struct, a case here, a line in ``patterns`` and one in
/// ``request(page:language:region:)``.
public enum ListSource: Sendable, Hashable {
    /// `movie/popular`, `movie/top_rated`, `movie/now_playing`, `movie/upcoming`
    case movieList(TMDB.MovieList.Kind)
    /// `tv/popular`, `tv/top_rated`, `tv/on_the_air`, `tv/airing_today`
    case tvList(TMDB.TVList.Kind)
    /// `trending/movie/day` … `trending/tv/week`
    case trending(MediaType, TMDB.TimeWindow)
    /// `discover/movie`, `discover/tv`, with `params` as query items in the job's order.
    case discover(MediaType, parameters: [Parameter])
    /// `search/movie`, `search/tv`, with `query`.
    case search(MediaType, query: String)
    /// `movie/{id}/recommendations`, `movie/{id}/similar`
    case related(TMDB.RelatedMovies.Kind, movieID: Int)

    /// A discover parameter: a name and its value as sent.
    public struct Parameter: Sendable, Hashable {
        /// The query item name, e.g. `with_genres`.
        public var name: String
        /// The value, e.g. `18`.
        public var value: String
        /// Creates a parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every endpoint a job may name, as written in job files; `{id}` stands for a TMDB movie id.
    public static let patterns: [String] =
        TMDB.MovieList.Kind.allCases.map(\.rawValue) + TMDB.TVList.Kind.allCases.map(\.rawValue)
        + MediaType.allCases.flatMap { media in
            TMDB.TimeWindow.allCases.map { "trending/\(media.rawValue)/\($0.rawValue)" }
        }
        + MediaType.allCases.map { "discover/\($0.rawValue)" } + MediaType.allCases.map { "search/\($0.rawValue)" }
        + TMDB.RelatedMovies.Kind.allCases.map { "movie/{id}/\($0.rawValue)" }

    /// Parses an endpoint as written in a job file (a leading `/` is allowed); nil if it names none.
    public static func parse(endpoint text: String) -> ListSource? {
        let name = text.hasPrefix("/") ? String(text.dropFirst()) : text
        if let kind = TMDB.MovieList.Kind(rawValue: name) { return .movieList(kind) }
        if let kind = TMDB.TVList.Kind(rawValue: name) { return .tvList(kind) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 2 where parts[0] == "discover": return MediaType(rawValue: parts[1]).map { .discover($0, parameters: []) }
        case 2 where parts[0] == "search": return MediaType(rawValue: parts[1]).map { .search($0, query: "") }
        case 3 where parts[0] == "trending":
            guard let media = MediaType(rawValue: parts[1]), let window = TMDB.TimeWindow(rawValue: parts[2]) else {
                return nil
            }
            return .trending(media, window)
        case 3 where parts[0] == "movie":
            guard let id = Int(parts[1]), id > 0, parts[1].allSatisfy(\.isASCII),
                let kind = TMDB.RelatedMovies.Kind(rawValue: parts[2])
            else { return nil }
            return .related(kind, movieID: id)
        default: return nil
        }
    }

    /// The endpoint as a job file names it, e.g. `discover/movie` or `movie/550/similar`.
    public var endpoint: String {
        switch self {
        case .movieList(let kind): kind.rawValue
        case .tvList(let kind): kind.rawValue
        case .trending(let media, let window): "trending/\(media.rawValue)/\(window.rawValue)"
        case .discover(let media, _): "discover/\(media.rawValue)"
        case .search(let media, _): "search/\(media.rawValue)"
        case .related(let kind, let id): "movie/\(id)/\(kind.rawValue)"
        }
    }

    /// Movies or TV.
    public var mediaType: MediaType {
        switch self {
        case .movieList, .related: .movie
        case .tvList: .tv
        case .trending(let media, _), .discover(let media, _), .search(let media, _): media
        }
    }

    /// The data files' default base name: the endpoint with `/` replaced by `_`.
    public var defaultSlug: String { endpoint.replacingOccurrences(of: "/", with: "_") }
}
