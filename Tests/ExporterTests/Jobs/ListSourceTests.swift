import TMDBAPI
import Testing

@testable import Exporter

@Suite("The job files' endpoint vocabulary")
struct ListSourceTests {
    @Test(
        "parses every endpoint a job may name and writes it back unchanged",
        arguments: [
            "movie/popular", "movie/top_rated", "movie/now_playing", "movie/upcoming", "tv/popular", "tv/top_rated",
            "tv/on_the_air", "tv/airing_today", "trending/movie/day", "trending/movie/week", "trending/tv/day",
            "trending/tv/week", "discover/movie", "discover/tv", "search/movie", "search/tv",
            "movie/550/recommendations",
            "movie/603/similar",
        ])
    func roundTrip(endpoint: String) throws {
        let source = try #require(ListSource.parse(endpoint: endpoint))
        #expect(source.endpoint == endpoint)
        #expect(source.defaultSlug == endpoint.replacingOccurrences(of: "/", with: "_"))
    }

    @Test("knows which lists hold TV shows")
    func mediaTypes() {
        #expect(ListSource.parse(endpoint: "tv/on_the_air")?.mediaType == .tv)
        #expect(ListSource.parse(endpoint: "trending/tv/day")?.mediaType == .tv)
        #expect(ListSource.parse(endpoint: "discover/tv")?.mediaType == .tv)
        #expect(ListSource.parse(endpoint: "movie/7/similar")?.mediaType == .movie)
    }

    @Test(
        "rejects what is not an endpoint",
        arguments: [
            "movie/popularr", "trending/movie/month", "trending/person/day", "discover/people", "movie/abc/similar",
            "movie/0/similar", "movie/-1/similar", "movie/550/reviews", "movie/550", "search", "", "tv/popular/extra",
        ])
    func rejects(endpoint: String) {
        #expect(ListSource.parse(endpoint: endpoint) == nil)
    }

    @Test("lists every pattern, with {id} for the per-movie lists")
    func patterns() {
        #expect(ListSource.patterns.count == 18)
        #expect(ListSource.patterns.contains("movie/{id}/recommendations"))
    }
}
