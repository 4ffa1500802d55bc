import Foundation
import TMDBAPI

extension ListSource {
    /// The typed request for one page.
    func request(page: Int, language: String, region: String?) -> PageRequest {
        switch self {
        case .movieList(let kind): PageRequest(TMDB.MovieList(kind, page: page, language: language, region: region))
        case .tvList(let kind): PageRequest(TMDB.TVList(kind, page: page, language: language))
        case .trending(.movie, let window): PageRequest(TMDB.Trending<Movie>(window, page: page, language: language))
        case .trending(.tv, let window): PageRequest(TMDB.Trending<TVShow>(window, page: page, language: language))
        case .discover(.movie, let parameters):
            PageRequest(
                TMDB.Discover<Movie>(parameters: parameters.queryItems, page: page, language: language, region: region))
        case .discover(.tv, let parameters):
            PageRequest(TMDB.Discover<TVShow>(parameters: parameters.queryItems, page: page, language: language))
        case .search(.movie, let query):
            PageRequest(TMDB.Search<Movie>(query: query, page: page, language: language, region: region))
        case .search(.tv, let query): PageRequest(TMDB.Search<TVShow>(query: query, page: page, language: language))
        case .related(let kind, let id):
            PageRequest(TMDB.RelatedMovies(movieID: id, kind: kind, page: page, language: language))
        }
    }
}

extension [ListSource.Parameter] {
    var queryItems: [URLQueryItem] { map { URLQueryItem(name: $0.name, value: $0.value) } }
}
