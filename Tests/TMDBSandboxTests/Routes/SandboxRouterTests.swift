import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Routes and authentication", .timeLimit(.minutes(15)))
struct SandboxRouterTests {
    static let invalidKeyBody =
        #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#

    @Test("refuse an API request without credentials with 401 and TMDB's body")
    func missingCredentials() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/popular", credential: .none)
            #expect(response.status == 401)
            #expect(String(decoding: response.body, as: UTF8.self) == Self.invalidKeyBody)
            #expect(response.headers["content-type"] == "application/json;charset=utf-8")
        }
    }

    @Test(
        "refuse wrong credentials with 401",
        arguments: ["Authorization: Bearer wrong\r\n", "Authorization: Basic c2FuZGJveC10b2tlbg==\r\n", ""])
    func wrongCredentials(header: String) async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try connection.get("/3/configuration?api_key=wrong", authorized: false, extraHeaders: header)
            #expect(response.status == 401)
            #expect(response.text == Self.invalidKeyBody)
        }
    }

    @Test("accept the bearer token and the api_key query item alike", arguments: [Credential.bearer, .apiKey])
    func acceptsBothCredentials(credential: Credential) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/top_rated?page=2&language=en-US", credential: credential)
            #expect(response.status == 200)
        }
    }

    @Test("answer an unknown API path with 404 and TMDB's body")
    func unknownPath() async throws {
        try await withSandbox { server in
            for path in ["/3/movie/latest_and_greatest", "/3/tv/latest_and_greatest", "/3", "/nothing"] {
                let response = try await fetch(server, path)
                #expect(response.status == 404, "\(path)")
                let body = try jsonObject(response.body)
                #expect(body["status_code"] as? Int == 34)
                #expect(body["success"] as? Bool == false)
            }
        }
    }

    @Test(
        "refuse every new route without credentials, and accept both credentials on it",
        arguments: [
            "/3/genre/tv/list", "/3/tv/popular", "/3/trending/movie/day", "/3/trending/tv/week", "/3/discover/movie",
            "/3/discover/tv", "/3/search/movie?query=harbor", "/3/search/tv?query=crew", "/3/movie/100",
            "/3/movie/100/recommendations", "/3/movie/100/similar",
        ])
    func newRoutesNeedCredentials(target: String) async throws {
        try await withSandbox { server in
            let refused = try await fetch(server, target, credential: .none)
            #expect(refused.status == 401)
            #expect(String(decoding: refused.body, as: UTF8.self) == Self.invalidKeyBody)
            #expect(try await fetch(server, target, credential: .bearer).status == 200)
            #expect(try await fetch(server, target, credential: .apiKey).status == 200)
            let log = server.requestLog()
            #expect(log.map(\.status) == [401, 200, 200])
            #expect(log.allSatisfy { $0.path == String(target.prefix { $0 != "?" }) && !$0.isPoster })
        }
    }

    @Test("answer HEAD on a new route with the headers of GET and no body")
    func headOnNewRoute() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            let get = try connection.get("/3/movie/100")
            try connection.send(RawHTTPConnection.request("HEAD", "/3/movie/100"))
            let head = try connection.readResponse(toHead: true)
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(get.body.count))
        }
    }

    @Test("answer methods other than GET and HEAD with 405")
    func otherMethods() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            for method in ["POST", "DELETE", "PUT"] {
                try connection.send(RawHTTPConnection.request(method, "/3/movie/popular"))
                let response = try connection.readResponse()
                #expect(response.status == 405)
                #expect(response.headers["allow"] == "GET, HEAD")
            }
        }
    }

    @Test("serve the configuration with image URLs pointing back at the sandbox")
    func configuration() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/configuration")
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            let images = try #require(body["images"] as? [String: Any])
            #expect(images["base_url"] as? String == "http://127.0.0.1:\(server.port)/t/p/")
            #expect(images["secure_base_url"] as? String == server.imageBaseURL.absoluteString)
            #expect(images["poster_sizes"] as? [String] == ["w92", "w154", "w185", "w342", "w500", "w780", "original"])
            #expect(images["backdrop_sizes"] as? [String] == ["w300", "w780", "w1280", "original"])
            #expect((body["change_keys"] as? [String])?.contains("title") == true)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.hasPrefix("{\"change_keys\":["))
        }
    }

    @Test("serve TMDB's movie genre list")
    func genres() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/genre/movie/list", credential: .apiKey)
            let genres = try #require(try jsonObject(response.body)["genres"] as? [[String: Any]])
            #expect(genres.count == 19)
            #expect(genres.first?["id"] as? Int == 28)
            #expect(genres.first?["name"] as? String == "Action")
            #expect(genres.contains { $0["id"] as? Int == 878 && $0["name"] as? String == "Science Fiction" })
        }
    }

    @Test("report its base URLs on the bound port")
    func baseURLs() async throws {
        try await withSandbox { server in
            #expect(server.apiBaseURL.absoluteString == "http://127.0.0.1:\(server.port)/3")
            #expect(server.imageBaseURL.absoluteString == "http://127.0.0.1:\(server.port)/t/p/")
        }
    }
}
