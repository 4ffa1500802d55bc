import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Search", .timeLimit(.minutes(15)))
struct SearchTests {
    static let emptyBody = #"{"page":1,"results":[],"total_pages":1,"total_results":0}"#

    let catalogue = SandboxCatalogue.shared

    /// Percent-encodes a query value, `+` and `&` included.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    @Test("finds movies by a case-insensitive substring of the title, by popularity then id")
    func movieSubstring() async throws {
        let expected = catalogue.list(.popular).map { catalogue.movies[$0] }.filter { movie in
            !movie.adult
                && (movie.title.lowercased().contains("harbor") || movie.originalTitle.lowercased().contains("harbor"))
        }
        #expect(expected.count > 40)
        try await withSandbox { server in
            for page in [1, 2] {
                let response = try await fetch(server, "/3/search/movie?query=hARBOR&page=\(page)&language=en-US")
                #expect(response.status == 200)
                let body = try jsonObject(response.body)
                let results = try #require(body["results"] as? [[String: Any]])
                expectMovies(results, equal: Array(expected.dropFirst((page - 1) * 20).prefix(20)))
                #expect(body["total_results"] as? Int == expected.count)
                #expect(body["total_pages"] as? Int == (expected.count + 19) / 20)
            }
        }
        #expect(catalogue.searchMovies("Harbor").map { catalogue.movies[$0].id } == expected.map(\.id))
    }

    @Test(
        "matches hard titles whatever their case, accents and script",
        arguments: [
            ("amelie", "Amélie"), ("FABULEUX DESTIN", "Amélie"), ("сталкер", "Сталкер"), ("千尋", "千と千尋の神隠し"),
            ("\"quoted\"", "The \"Quoted\" Movie"), (", AND MORE", "Commas, Commas, and More Commas"),
            ("באשיר", "ואלס עם באשיר"), ("👨‍👩‍👧", "Family 👨‍👩‍👧 Trip to 🇫🇷"), ("line\nbreak", "Line\nBreak"),
            ("=sum(", "=SUM(A1:A9)"),
        ])
    func movieHardCases(query: String, title: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/search/movie?query=\(Self.encoded(query))")
            let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
            #expect(results.contains { $0["title"] as? String == title })
        }
    }

    @Test("leaves adult movies out unless include_adult is true")
    func adultMovies() async throws {
        let adult = try #require(catalogue.movies.first { $0.adult && $0.title == "@home +plus" })
        try await withSandbox { server in
            let hidden = try jsonObject(try await fetch(server, "/3/search/movie?query=%40HOME").body)
            let hiddenIds = try #require(hidden["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(!hiddenIds.contains(adult.id))
            let shown = try jsonObject(try await fetch(server, "/3/search/movie?query=%40home&include_adult=true").body)
            let shownIds = try #require(shown["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(shownIds.first == adult.id)
            #expect(shownIds.count == hiddenIds.count + 1)
        }
    }

    @Test(
        "answers a missing, empty or blank query with an empty first page",
        arguments: ["/3/search/movie", "/3/search/movie?query=", "/3/search/tv?query=%20%20", "/3/search/tv?page=3"])
    func emptyQuery(pathAndQuery: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, pathAndQuery)
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == Self.emptyBody)
        }
    }

    @Test("answers a query that matches nothing with no results")
    func noMatch() async throws {
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/search/movie?query=zzzqqqxxx").body)
            #expect((body["results"] as? [Any])?.isEmpty == true)
            #expect(body["total_results"] as? Int == 0)
            #expect(body["total_pages"] as? Int == 1)
        }
    }

    @Test("finds shows by name and by original name, ignoring case and accents")
    func showSearch() async throws {
        try await withSandbox { server in
            for (query, name) in [
                ("casa de PAPEL", "Money Heist"), ("elite", "Élite"), ("오징어", "오징어 게임"), ("الحارة", "باب الحارة"),
                ("תל אביב", "Tel Aviv תל אביב Nights"), ("late\nnight", "Late\nNight"),
                ("🇰🇷", "Family 👨‍👩‍👧‍👦 Road Trip 🇯🇵🇰🇷"),
            ] {
                let response = try await fetch(server, "/3/search/tv?query=\(Self.encoded(query))")
                let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
                #expect(results.contains { $0["name"] as? String == name }, "\(query)")
            }
            let expected = catalogue.tvList(.popular).map { catalogue.shows[$0] }.filter {
                !$0.adult
                    && ($0.name.lowercased().contains("precinct") || $0.originalName.lowercased().contains("precinct"))
            }
            let body = try jsonObject(try await fetch(server, "/3/search/tv?query=Precinct").body)
            let results = try #require(body["results"] as? [[String: Any]])
            expectShows(results, equal: Array(expected.prefix(20)))
            #expect(body["total_results"] as? Int == expected.count)
        }
    }

    @Test("checks the page like the other lists")
    func invalidPage() async throws {
        try await withSandbox { server in
            #expect(try await fetch(server, "/3/search/movie?query=harbor&page=abc").status == 400)
            let past = try jsonObject(try await fetch(server, "/3/search/movie?query=harbor&page=499").body)
            #expect((past["results"] as? [Any])?.isEmpty == true)
        }
    }
}
