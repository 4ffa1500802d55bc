import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Recommendations and similar movies", .timeLimit(.minutes(15)))
struct RelatedMoviesTests {
    let catalogue = SandboxCatalogue.shared

    /// Every result id of a related list, page after page, with the reported totals.
    func allPages(_ server: SandboxServer, _ path: String) async throws -> (ids: [Int], totals: [Int], pages: [Int]) {
        var ids: [Int] = []
        var totals: [Int] = []
        var pages: [Int] = []
        for page in 1...4 {
            let response = try await fetch(server, "\(path)?page=\(page)&language=en-US")
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            ids += try #require(body["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            totals.append(try #require(body["total_results"] as? Int))
            pages.append(try #require(body["total_pages"] as? Int))
        }
        return (ids, totals, pages)
    }

    @Test(
        "page 40 to 60 other non-adult movies sharing a genre, 20 a page",
        arguments: [0, 5, 11, 19, 250, 5_000, 10_399])
    func relatedLists(index: Int) async throws {
        let movie = catalogue.movies[index]
        try await withSandbox { server in
            for kind in ["recommendations", "similar"] {
                let found = try await allPages(server, "/3/movie/\(movie.id)/\(kind)")
                #expect((40...60).contains(found.ids.count), "\(kind)")
                #expect(Set(found.ids).count == found.ids.count)
                #expect(!found.ids.contains(movie.id))
                #expect(found.totals.allSatisfy { $0 == found.ids.count })
                #expect(found.pages.allSatisfy { $0 == (found.ids.count + 19) / 20 })
                let related = try found.ids.map { id in try #require(catalogue.movies.first { $0.id == id }) }
                #expect(related.allSatisfy { !$0.adult })
                let wanted = kind == "similar" ? Array(movie.genreIds.prefix(1)) : movie.genreIds
                if !wanted.isEmpty {
                    #expect(related.allSatisfy { $0.genreIds.contains(where: wanted.contains) }, "\(kind)")
                }
            }
        }
    }

    @Test("give recommendations a media_type and similar movies none, in TMDB's shape")
    func shapes() async throws {
        let movie = catalogue.movies[42]
        try await withSandbox { server in
            let recommendations = try jsonObject(try await fetch(server, "/3/movie/\(movie.id)/recommendations").body)
            let recommended = try #require(recommendations["results"] as? [[String: Any]])
            #expect(recommended.count == 20)
            #expect(recommended.allSatisfy { $0["media_type"] as? String == "movie" })
            let similar = try jsonObject(try await fetch(server, "/3/movie/\(movie.id)/similar").body)
            let similarResults = try #require(similar["results"] as? [[String: Any]])
            #expect(similarResults.allSatisfy { $0["media_type"] == nil })
            expectMovies(
                similarResults,
                equal: try #require(catalogue.similarMovies(toMovieId: movie.id)).prefix(20).map {
                    catalogue.movies[$0]
                })
            #expect(Set(recommendations.keys) == ["page", "results", "total_pages", "total_results"])
        }
    }

    @Test("are deterministic, different for recommendations and similar, and different between movies")
    func deterministicAndDistinct() throws {
        let rebuilt = SandboxCatalogue()
        for movie in catalogue.movies.prefix(200) {
            let recommendations = try #require(catalogue.recommendations(forMovieId: movie.id))
            let similar = try #require(catalogue.similarMovies(toMovieId: movie.id))
            #expect(recommendations == rebuilt.recommendations(forMovieId: movie.id))
            #expect(similar == rebuilt.similarMovies(toMovieId: movie.id))
            #expect(recommendations != similar)
        }
        #expect(catalogue.recommendations(forMovieId: 100) != catalogue.recommendations(forMovieId: 107))
    }

    @Test(
        "answer an id outside the catalogue, or not a number, with 404",
        arguments: [
            "/3/movie/101/recommendations", "/3/movie/99/similar", "/3/movie/80001/similar",
            "/3/movie/abc/recommendations", "/3/movie/-100/similar", "/3/movie/100/related",
            "/3/movie/100/similar/extra", "/3/movie/99999999999999999999999/similar",
        ])
    func unknownIds(path: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, path)
            #expect(response.status == 404)
            #expect(try jsonObject(response.body)["status_code"] as? Int == 34)
        }
        #expect(catalogue.recommendations(forMovieId: 101) == nil)
        #expect(catalogue.similarMovies(toMovieId: ShowGenerator.firstId) == nil)
    }

    @Test("check the page like the other lists")
    func pageValidation() async throws {
        try await withSandbox { server in
            let similar = try await fetch(server, "/3/movie/100/similar?page=0")
            #expect(similar.status == 400)
            let recommendations = try await fetch(server, "/3/movie/100/recommendations?page=x")
            #expect(recommendations.status == 400)
        }
    }
}
