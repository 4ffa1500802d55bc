import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("TMDB's error body")
struct ErrorBodyTests {
    @Test("reads status_code and status_message")
    func parses() {
        let body =
            #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
        let parsed = TMDBErrorBody.parse(Data(body.utf8))
        #expect(parsed?.statusCode == 7)
        #expect(parsed?.statusMessage == "Invalid API key: You must be granted a valid key.")
    }

    @Test("reads the errors form TMDB answers a page above 500 with, so the error says what TMDB said")
    func errorsForm() {
        let body = #"{"errors":["page must be less than or equal to 500"]}"#
        let response = HTTPResponse(status: 422, body: Data(body.utf8))
        #expect(TMDBErrorBody.parse(Data(body.utf8))?.errors == ["page must be less than or equal to 500"])
        #expect(TMDB.errorMessage(of: response) == "page must be less than or equal to 500")
    }

    @Test(
        "finds no message in a body of another shape",
        arguments: ["", "<html>Bad Gateway</html>", #"{"error":"x"}"#, "[]", #"{"errors":[]}"#])
    func otherBodies(body: String) {
        #expect(TMDBErrorBody.parse(Data(body.utf8)) == nil)
        #expect(TMDB.errorMessage(of: HTTPResponse(status: 502, body: Data(body.utf8))) == nil)
    }

    @Test("gives the client the status_message, so a 401 reads as TMDB explains it")
    func clientMessage() async {
        struct Unauthorized: HTTPTransport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                let body = #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key."}"#
                return HTTPResponse(status: 401, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            }
        }
        let client = APIClient(
            baseURL: TMDB.apiBaseURL, credentials: .apiKey("k"), transport: Unauthorized(),
            errorMessage: TMDB.errorMessage(of:))
        let error = await #expect(throws: ClientError.self) {
            try await client.send(TMDB.Genres(.movie, language: "en-US"))
        }
        #expect(error?.reason == .httpStatus(401, message: "Invalid API key: You must be granted a valid key."))
        #expect(error?.reasonDescription == "HTTP 401: Invalid API key: You must be granted a valid key.")
    }
}
