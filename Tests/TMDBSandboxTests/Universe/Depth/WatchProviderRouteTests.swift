import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

/// `/3/watch/providers/{movie,tv}` and `/3/{movie,tv}/{id}/watch/providers`.
@Suite("Watch provider routes", .timeLimit(.minutes(15)))
struct WatchProviderRouteTests {
    static let day = DepthSubresourceTests.day

    @Test("list every provider a title of the type names, in TMDB's shape, over the wire", arguments: ["movie", "tv"])
    func providerList(path: String) async throws {
        let type: CatalogueMediaType = path == "movie" ? .movie : .series
        try await withSandbox { server in
            let response = try await fetch(server, "/3/watch/providers/\(path)")
            #expect(response.status == 200)
            let results = try DepthSubresourceTests.list(try jsonObject(response.body), "results")
            let keys: Set<String> = [
                "display_priorities", "display_priority", "logo_path", "provider_name", "provider_id",
            ]
            #expect(results.allSatisfy { Set($0.keys) == keys })
            let listed = Set(results.compactMap { $0["provider_id"] as? Int })
            var named: Set<Int> = []
            for (sampleType, id) in DepthSubresourceTests.sample where sampleType == type {
                let body = try DepthSubresourceTests.details(type, id, appending: "watch/providers")
                let countries = try #require((body["watch/providers"] as? [String: Any])?["results"] as? [String: Any])
                for offers in countries.values.compactMap({ $0 as? [String: Any] }) {
                    for case let entries as [[String: Any]] in offers.values {
                        named.formUnion(entries.compactMap { $0["provider_id"] as? Int })
                    }
                }
            }
            #expect(!named.isEmpty && named.isSubset(of: listed), "\(named.subtracting(listed))")
            let region = try DepthSubresourceTests.list(
                try jsonObject(try await fetch(server, "/3/watch/providers/\(path)?watch_region=DE").body), "results")
            #expect(region.allSatisfy { ($0["display_priorities"] as? [String: Int])?.keys.sorted() == ["DE"] })
        }
        #expect(WatchProvider.catalogue(.series).count < WatchProvider.catalogue(.movie).count)
    }

    @Test("serve a title's watch providers alone as appended, with its id first, and 404 for a removed title")
    func titleProviders() throws {
        for (type, id) in DepthSubresourceTests.sample.prefix(40) + DepthSubresourceTests.sample.suffix(40) {
            let kind = type == .movie ? "movie" : "tv"
            let alone = try #require(DepthSubresourceTests.answer("/3/\(kind)/\(id)/watch/providers"))
            #expect(alone.status == 200)
            let body = try jsonObject(Data(alone.body))
            #expect(body["id"] as? Int == id)
            let appended = try DepthSubresourceTests.details(type, id, appending: "watch/providers")["watch/providers"]
            #expect(NSDictionary(dictionary: ["results": body["results"]!]) == appended as? NSDictionary)
        }
        let universe = DepthSubresourceTests.universe
        let removed = try #require(
            universe.ids(.movie, on: Self.day, adult: false).first {
                universe.isRemovedSinceExport(.movie, id: $0, on: Self.day)
            })
        #expect(DepthSubresourceTests.answer("/3/movie/\(removed)/watch/providers")?.status == 404)
        #expect(DepthSubresourceTests.answer("/3/person/1000/watch/providers") == nil)
    }
}
