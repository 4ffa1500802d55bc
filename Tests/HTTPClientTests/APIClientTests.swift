import Foundation
import HTTPClient
import Testing

@Suite("APIClient")
struct APIClientTests {
    let base = URL(string: "https://api.example.test/3")!

    @Test("sends a bearer token as the Authorization header and never in the URL")
    func bearerTokenGoesInHeader() async throws {
        let transport = RecordingTransport(body: #"{"value": 1}"#)
        let client = APIClient(baseURL: base, credentials: .bearerToken("secret-token"), transport: transport)
        _ = try await client.send(EchoEndpoint(path: "movie/popular"))
        let request = try #require(transport.sent.first)
        #expect(request.headers["Authorization"] == "Bearer secret-token")
        #expect(!request.url.absoluteString.contains("secret-token"))
        #expect(request.url.absoluteString == "https://api.example.test/3/movie/popular")
    }

    @Test("sends an API key as the api_key query item after the endpoint's own items")
    func apiKeyGoesInQuery() async throws {
        let transport = RecordingTransport(body: #"{"value": 1}"#)
        let client = APIClient(baseURL: base, credentials: .apiKey("k3y"), transport: transport)
        _ = try await client.send(
            EchoEndpoint(path: "movie/popular", queryItems: [URLQueryItem(name: "page", value: "2")]))
        let request = try #require(transport.sent.first)
        #expect(request.url.absoluteString == "https://api.example.test/3/movie/popular?page=2&api_key=k3y")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("sends no credentials when it has none")
    func noCredentials() async throws {
        let transport = RecordingTransport(body: #"{"value": 1}"#)
        let client = APIClient(
            baseURL: URL(string: "https://image.example.test/t/p/")!, credentials: nil, transport: transport)
        _ = try await client.send(EchoEndpoint(path: "w342/a.jpg"))
        let request = try #require(transport.sent.first)
        #expect(request.headers["Authorization"] == nil)
        #expect(request.url.absoluteString == "https://image.example.test/t/p/w342/a.jpg")
    }

    @Test("sends its User-Agent when it has one, and none otherwise")
    func userAgent() async throws {
        let transport = RecordingTransport(body: #"{"value": 1}"#)
        let named = APIClient(baseURL: base, credentials: nil, transport: transport, userAgent: "tool/1.2")
        let anonymous = APIClient(baseURL: base, credentials: nil, transport: transport)
        _ = try await named.send(EchoEndpoint(path: "x"))
        _ = try await anonymous.send(EchoEndpoint(path: "x"))
        #expect(transport.sent.map { $0.headers["User-Agent"] } == ["tool/1.2", nil])
    }

    @Test("decodes a 2xx body into the endpoint's response type")
    func decodesResponse() async throws {
        let client = APIClient(baseURL: base, credentials: nil, transport: RecordingTransport(body: #"{"value": 42}"#))
        let response = try await client.send(EchoEndpoint(path: "x"))
        #expect(response == EchoEndpoint.Response(value: 42))
    }

    @Test("turns a non-2xx answer into an error with the status and what errorMessage read, without decoding")
    func nonSuccessIsAnError() async throws {
        let body =
            #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
        let client = APIClient(
            baseURL: base, credentials: .apiKey("k"), transport: RecordingTransport(status: 401, body: body),
            errorMessage: StatusMessage.read)
        let error = await #expect(throws: ClientError.self) {
            try await client.send(EchoEndpoint(path: "movie/popular"))
        }
        #expect(error?.reason == .httpStatus(401, message: "Invalid API key: You must be granted a valid key."))
        #expect(error?.isAuthenticationFailure == true)
        #expect(error?.description == "GET movie/popular: HTTP 401: Invalid API key: You must be granted a valid key.")
    }

    @Test("reports a body that does not decode with the field path and the start of the body")
    func decodingErrorCarriesContext() async throws {
        let client = APIClient(
            baseURL: base, credentials: nil, transport: RecordingTransport(body: #"{"value": "nope"}"#))
        let error = await #expect(throws: ClientError.self) { try await client.send(EchoEndpoint(path: "x")) }
        guard case .decoding(let detail, let prefix)? = error?.reason else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("value"))
        #expect(prefix == #"{"value": "nope"}"#)
    }

    @Test("never lets a transport error's text, which may quote the URL and its api_key, into the error")
    func transportErrorsAreRedacted() async throws {
        struct LeakyError: Error, CustomStringConvertible {
            var description: String { "failed for https://api.example.test/3/x?api_key=k3y" }
        }
        let client = APIClient(
            baseURL: base, credentials: .apiKey("k3y"), transport: RecordingTransport { _ in throw LeakyError() })
        let error = await #expect(throws: ClientError.self) { try await client.send(EchoEndpoint(path: "x")) }
        let text = String(describing: error)
        #expect(!text.contains("k3y"))
        #expect(text.contains("LeakyError"))
    }
}
