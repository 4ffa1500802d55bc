import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

/// The sub-resources of issue 28 (`alternative_titles`, `translations`, `videos`, `images`, `recommendations`,
/// `similar`, `watch/providers`) in TMDB's shapes and with its quirks.
@Suite("Depth sub-resources of titles", .timeLimit(.minutes(15)))
struct DepthSubresourceTests {
    static let universe = SandboxCatalogueUniverse()
    static let day = ExportDay(isoDate: "2024-05-15")!
    static let all = "alternative_titles,translations,videos,images,recommendations,similar,watch/providers"
    /// Generated ids of both types, neither removed nor adult, to draw quirks from.
    static let sample: [(CatalogueMediaType, Int)] = CatalogueMediaType.allCases.flatMap { type in
        universe.ids(type, on: day, adult: false).suffix(150).filter {
            !universe.isRemovedSinceExport(type, id: $0, on: day)
        }.map { (type, $0) }
    }

    /// The answer to `pathAndQuery`, routed as the server routes it.
    static func answer(
        _ pathAndQuery: String, universe: SandboxCatalogueUniverse = universe, on day: ExportDay = day
    ) -> APIAnswer? {
        let target = RequestTarget(pathAndQuery)
        guard let route = APIRoute(path: target.path, catalogue: .shared, universe: universe, today: day) else {
            return nil
        }
        return APIAnswer.answer(route, target, catalogue: .shared, configuration: [], universe: universe, today: day)
    }

    /// The details of `type`'s `id` with `appending`, parsed.
    static func details(_ type: CatalogueMediaType, _ id: Int, appending: String = all, query: String = "")
        throws -> [String: Any]
    {
        let path = "/3/\(type == .movie ? "movie" : "tv")/\(id)?append_to_response=\(appending)\(query)"
        let served = try #require(Self.answer(path))
        #expect(served.status == 200, "\(path)")
        return try jsonObject(Data(served.body))
    }

    static func list(_ value: Any?, _ key: String) throws -> [[String: Any]] {
        try #require((value as? [String: Any])?[key] as? [[String: Any]])
    }

    @Test("append every new sub-resource of a movie in TMDB's shape, over the wire")
    func movieShapes() async throws {
        let id = try #require(Self.sample.first { $0.0 == .movie && Self.hasEverything(.movie, $0.1) }?.1)
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(id)?append_to_response=\(Self.all)")
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            #expect(body["id"] as? Int == id)
            let titles = try Self.list(body["alternative_titles"], "titles")
            #expect(titles.allSatisfy { Set($0.keys) == ["iso_3166_1", "title", "type"] })
            let translations = try Self.list(body["translations"], "translations")
            #expect(translations.allSatisfy { Set($0.keys) == Self.translationKeys })
            let data = try #require(translations.first?["data"] as? [String: Any])
            #expect(Set(data.keys) == ["homepage", "overview", "runtime", "tagline", "title"])
            #expect(data["title"] as? String == body["title"] as? String)
            try Self.checkCommonShapes(body, type: .movie)
        }
    }

    @Test("append every new sub-resource of a series, alternative titles under results and translations' name")
    func seriesShapes() throws {
        let id = try #require(Self.sample.first { $0.0 == .series && Self.hasEverything(.series, $0.1) }?.1)
        let body = try Self.details(.series, id)
        let titles = try Self.list(body["alternative_titles"], "results")
        #expect(titles.allSatisfy { Set($0.keys) == ["iso_3166_1", "title", "type"] })
        let translations = try Self.list(body["translations"], "translations")
        let data = try #require(translations.first?["data"] as? [String: Any])
        #expect(Set(data.keys) == ["name", "overview", "homepage", "tagline"])
        #expect(data["name"] as? String == body["name"] as? String)
        try Self.checkCommonShapes(body, type: .series)
    }

    static let translationKeys: Set<String> = ["iso_3166_1", "iso_639_1", "name", "english_name", "data"]

    /// Whether the title has at least one of every list, so that the shape tests see an entry of each.
    static func hasEverything(_ type: CatalogueMediaType, _ id: Int) -> Bool {
        guard let body = try? details(type, id) else { return false }
        let titles = (body["alternative_titles"] as? [String: Any])?[type == .movie ? "titles" : "results"]
        let images = body["images"] as? [String: [Any]] ?? [:]
        let lists: [Any?] = [
            titles, (body["translations"] as? [String: Any])?["translations"],
            (body["videos"] as? [String: Any])?["results"], (body["recommendations"] as? [String: Any])?["results"],
            (body["similar"] as? [String: Any])?["results"],
        ]
        return lists.allSatisfy { ($0 as? [Any])?.isEmpty == false }
            && ["backdrops", "logos", "posters"].allSatisfy { images[$0]?.isEmpty == false }
            && ((body["watch/providers"] as? [String: Any])?["results"] as? [String: Any])?.isEmpty == false
    }

    static func checkCommonShapes(_ body: [String: Any], type: CatalogueMediaType) throws {
        let videos = try list(body["videos"], "results")
        let videoKeys: Set<String> = [
            "iso_639_1", "iso_3166_1", "name", "key", "site", "size", "type", "official", "published_at", "id",
        ]
        for video in videos {
            #expect(Set(video.keys) == videoKeys)
            let published = try #require(video["published_at"] as? String)
            #expect(published.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z/) != nil, "\(published)")
            #expect(video["official"] is Bool)
            #expect((video["id"] as? String)?.count == 24)
        }
        let images = try #require(body["images"] as? [String: Any])
        #expect(Set(images.keys) == ["backdrops", "logos", "posters"])
        let imageKeys: Set<String> = [
            "aspect_ratio", "height", "iso_639_1", "file_path", "vote_average", "vote_count", "width",
        ]
        for kind in ["backdrops", "logos", "posters"] {
            #expect(try list(images, kind).allSatisfy { Set($0.keys) == imageKeys })
        }
        for (key, mediaType) in [("recommendations", type == .movie ? "movie" : "tv"), ("similar", nil)] {
            let page = try #require(body[key] as? [String: Any])
            #expect(Set(page.keys) == ["page", "results", "total_pages", "total_results"])
            #expect(page["page"] as? Int == 1)
            let results = try list(page, "results")
            #expect(results.allSatisfy { $0["media_type"] as? String == mediaType })
            for result in results {
                let related = try #require(result["id"] as? Int)
                #expect(related != body["id"] as? Int)
                #expect(universe.contains(type, id: related, on: day), "\(key) names \(related)")
            }
        }
        let providers = try #require((body["watch/providers"] as? [String: Any])?["results"] as? [String: Any])
        for (country, value) in providers {
            #expect(country.count == 2)
            let offers = try #require(value as? [String: Any])
            #expect(
                (offers["link"] as? String)?.hasPrefix("https://www.themoviedb.org/\(type == .movie ? "movie" : "tv")/")
                    == true)
            #expect(Set(offers.keys).isSubset(of: ["link", "flatrate", "rent", "buy", "ads", "free"]))
            #expect(offers.count > 1)
            for kind in offers.keys where kind != "link" {
                #expect(
                    try list(offers, kind).allSatisfy {
                        Set($0.keys) == ["logo_path", "provider_id", "provider_name", "display_priority"]
                    })
            }
        }
    }

    @Test("shows TMDB's quirks: empty translation fields, images without a language, missing offer kinds")
    func quirks() throws {
        var emptyTranslationFields = 0
        var nullLanguageImages = 0
        var unofficialVideos = 0
        var missingKinds: Set<String> = []
        var emptyLists = 0
        for (type, id) in Self.sample {
            let body = try Self.details(type, id)
            for translation in try Self.list(body["translations"], "translations").dropFirst() {
                let data = try #require(translation["data"] as? [String: Any])
                if data.values.contains(where: { $0 as? String == "" }) { emptyTranslationFields += 1 }
            }
            let images = try #require(body["images"] as? [String: Any])
            for kind in ["backdrops", "logos", "posters"] {
                nullLanguageImages += try Self.list(images, kind).filter { $0["iso_639_1"] is NSNull }.count
            }
            unofficialVideos += try Self.list(body["videos"], "results").filter { $0["official"] as? Bool == false }
                .count
            let providers = try #require((body["watch/providers"] as? [String: Any])?["results"] as? [String: Any])
            for offers in providers.values.compactMap({ $0 as? [String: Any] }) {
                missingKinds.formUnion(Set(["flatrate", "rent", "buy", "ads", "free"]).subtracting(offers.keys))
            }
            if try Self.list(body["videos"], "results").isEmpty { emptyLists += 1 }
        }
        #expect(emptyTranslationFields > 50)
        #expect(nullLanguageImages > 50)
        #expect(unofficialVideos > 10)
        #expect(missingKinds == ["flatrate", "rent", "buy", "ads", "free"])
        #expect(emptyLists > 0 && emptyLists < Self.sample.count / 4)
    }

    @Test(
        "filter images by the request's language unless include_image_language lists languages, null for none",
        arguments: [
            ("", nil), ("&language=en-US", ["en"]),
            ("&language=fr-FR&include_image_language=en,null", ["fr", "en", nil]),
            ("&include_image_language=null", [nil]), ("&include_image_language=ja,%20de", ["ja", "de"]),
        ] as [(String, Set<String?>?)])
    func imageLanguages(query: String, kept: Set<String?>?) throws {
        var seen: Set<String?> = []
        var filtered = 0
        for (type, id) in Self.sample.prefix(120) {
            let every = try #require(Self.details(type, id, appending: "images")["images"] as? [String: Any])
            let asked = try #require(
                Self.details(type, id, appending: "images", query: query)["images"] as? [String: Any])
            for kind in ["backdrops", "logos", "posters"] {
                let all = try Self.list(every, kind)
                let languages = all.map { $0["iso_639_1"] as? String }
                seen.formUnion(languages)
                let expected = all.filter { kept?.contains($0["iso_639_1"] as? String) ?? true }
                let served = try Self.list(asked, kind)
                #expect(served.map { $0["file_path"] as? String } == expected.map { $0["file_path"] as? String })
                filtered += all.count - served.count
            }
        }
        #expect(seen.contains(nil) && seen.contains("en") && seen.count > 4)
        #expect((filtered == 0) == (kept == nil))
    }

    @Test(
        "append a list movie's recommendations and similar as the first page of its standalone lists",
        arguments: [("recommendations", 4_321), ("similar", 17), ("recommendations", 10_399)])
    func relatedAsStandalone(key: String, index: Int) throws {
        let id = SandboxCatalogue.shared.movies[index].id
        let standalone = try #require(Self.answer("/3/movie/\(id)/\(key)"))
        let details = try #require(Self.answer("/3/movie/\(id)?append_to_response=\(key)"))
        let text = String(decoding: details.body, as: UTF8.self)
        let page = String(decoding: standalone.body, as: UTF8.self)
        #expect(text.hasSuffix(",\"\(key)\":\(page)}"))
        #expect(page.contains("\"results\":[{"))
    }

    @Test("serve the same sub-resources on every call, and nothing new when they are not asked for")
    func deterministic() throws {
        let (type, id) = Self.sample[17]
        let path = "/3/\(type == .movie ? "movie" : "tv")/\(id)"
        let first = try #require(Self.answer("\(path)?append_to_response=\(Self.all)")).body
        let again = try #require(Self.answer("\(path)?append_to_response=\(Self.all)")).body
        #expect(first == again)
        let plain = try #require(Self.answer(path)).body
        let unknown = try #require(Self.answer("\(path)?append_to_response=reviews,lists")).body
        #expect(plain == unknown)
        #expect(first.count > plain.count + 1_000)
    }
}
