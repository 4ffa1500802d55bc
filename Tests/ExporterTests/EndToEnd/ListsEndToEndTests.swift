import Foundation
import HTTPClient
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter
@testable import TMDBSandbox

@Suite("Exporting TV, trending, discover, search, related lists and details from the sandbox", .timeLimit(.minutes(15)))
struct ListsEndToEndTests {
    func records(_ sandbox: SandboxHarness, _ report: ExportReport, _ file: String) throws -> [[String]] {
        try CSVReader.records(try sandbox.output.read("lists/runs/\(report.manifest.runID)/\(file)"))
    }

    func ndjson(_ sandbox: SandboxHarness, _ report: ExportReport, _ file: String) throws -> [[String: Any]] {
        try sandbox.output.read("lists/runs/\(report.manifest.runID)/\(file)").split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    @Test("writes every kind of list with its own columns, in TMDB's order, with details in list order")
    func everyKind() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let catalogue = sandbox.server.catalogue
            let job = try JobLoader().parse(
                #"""
                {"name": "lists", "posters": {"size": "w92"}, "requests": [
                  {"endpoint": "tv/popular", "pages": "1-2"},
                  {"endpoint": "trending/tv/week", "pages": "1"},
                  {"endpoint": "discover/movie", "name": "dramas", "details": true, "pages": "1-2",
                   "params": {"with_genres": "18", "sort_by": "vote_average.desc"}},
                  {"endpoint": "search/movie", "query": "the", "pages": "1"},
                  {"endpoint": "movie/107/recommendations", "pages": "all"}
                ]}
                """#, file: "lists.json")
            let report = try await sandbox.exporter().run(job)
            #expect(report.manifest.status == .complete, "\(report.manifest.failures)")

            // TV: TV columns, TV genre names, the catalogue's order and hard cases.
            let tv = try records(sandbox, report, "tv_popular.csv")
            #expect(tv[0] == TVRow.columns)
            let expectedShows = catalogue.tvList(.popular).prefix(40).map { catalogue.shows[$0] }
            #expect(tv.dropFirst().map { $0[1] } == expectedShows.map { String($0.id) })
            #expect(tv.dropFirst().map { $0[2] } == expectedShows.map(\.name))
            let tvGenres = Dictionary(uniqueKeysWithValues: SandboxGenre.tv.map { ($0.id, $0.name) })
            let first = expectedShows[0]
            #expect(tv[1][11] == first.genreIds.compactMap { tvGenres[$0] }.joined(separator: "|"))
            #expect(tv[1][6] == first.originCountry.joined(separator: "|"))

            let trending = try records(sandbox, report, "trending_tv_week.csv")
            #expect(
                trending.dropFirst().map { $0[1] }
                    == catalogue.trendingShows(.week).prefix(20).map { String(catalogue.shows[$0].id) })

            // Discover: the sandbox's own filter and order; every listed movie's details, in list order.
            var discovery = SandboxMovieDiscovery()
            discovery.withGenres = [[18]]
            discovery.sort = .init(key: .voteAverage, descending: true)
            let expectedDramas = catalogue.discoverMovies(discovery).prefix(40).map { catalogue.movies[$0] }
            let dramas = try records(sandbox, report, "dramas.csv")
            #expect(dramas[0] == MovieRow.columns)
            #expect(dramas.dropFirst().map { $0[1] } == expectedDramas.map { String($0.id) })
            let details = try ndjson(sandbox, report, "dramas_details.ndjson")
            #expect(details.map { $0["id"] as? Int } == expectedDramas.map(\.id))
            #expect(details.map { $0["rank"] as? Int } == Array(1...40))
            var unknownRuntimes = 0
            for (row, movie) in zip(details, expectedDramas) {
                let expected = try #require(catalogue.movieDetails(id: movie.id))
                // The sandbox sends 0 for an unknown runtime, as TMDB does; the file has null.
                #expect(row["runtime"] as? Int == expected.runtime)
                if expected.runtime == nil {
                    #expect(row["runtime"] is NSNull)
                    unknownRuntimes += 1
                }
                #expect(row["imdb_id"] as? String == expected.imdbId)
                #expect(row["budget"] as? Int == expected.budget)
                #expect(row["genres"] as? [String] == expected.genres.map(\.name))
                #expect(row["collection_id"] as? Int == expected.collection?.id)
                #expect(row["collection_name"] as? String == expected.collection?.name)
                #expect(row["production_company_ids"] as? [Int] == expected.productionCompanies.map(\.id))
                #expect(row["production_companies"] as? [String] == expected.productionCompanies.map(\.name))
                #expect(row["origin_country"] as? [String] == expected.originCountry)
            }
            #expect(unknownRuntimes > 0, "no listed movie with an unknown runtime to test")
            #expect(expectedDramas.contains { catalogue.movieDetails(id: $0.id)?.collection != nil })
            let detailsCSV = try records(sandbox, report, "dramas_details.csv")
            #expect(detailsCSV[0] == DetailsRow.columns)
            #expect(detailsCSV.count == 41)
            #expect(report.manifest.requests[2].detailsWritten == 40)
            let detailRequests = sandbox.server.requestLog().filter {
                $0.path.hasPrefix("/3/movie/") && $0.path.dropFirst(9).allSatisfy(\.isNumber)
            }
            #expect(Set(detailRequests.map(\.path)).count == detailRequests.count, "each movie's details fetched once")

            let search = try records(sandbox, report, "search_movie.csv")
            #expect(
                search.dropFirst().map { $0[1] }
                    == catalogue.searchMovies("the").prefix(20).map { String(catalogue.movies[$0].id) })

            let related = try records(sandbox, report, "movie_107_recommendations.csv")
            let expectedRelated = try #require(catalogue.recommendations(forMovieId: 107))
            #expect(related.dropFirst().map { $0[1] } == expectedRelated.map { String(catalogue.movies[$0].id) })
            #expect(report.manifest.requests[4].pagesPlanned == (expectedRelated.count + 19) / 20)

            // Genre lists: movie and TV, once each.
            #expect(sandbox.server.requestLog().filter { $0.path == "/3/genre/tv/list" }.count == 1)
            #expect(sandbox.server.requestLog().filter { $0.path == "/3/genre/movie/list" }.count == 1)
        }
    }

    @Test("ships a TV-and-discovery example job that exports completely from the sandbox")
    func shippedExample() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let path = SchemaTests.jobs.appendingPathComponent("tv_and_discovery.json").path
            var job = try JobLoader().load(path)
            job.name = "lists"
            let report = try await sandbox.exporter().run(job)
            #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
            #expect(report.manifest.requests.allSatisfy { $0.rowsWritten > 0 })
        }
    }
}
