import Foundation
import HTTPClient
import Testing

@Suite("URLRedaction")
struct URLRedactionTests {
    @Test("replaces the api_key value in a URL and keeps the other query items")
    func redactsURL() {
        let url = URL(string: "https://api.themoviedb.org/3/movie/popular?page=2&api_key=abc123&language=en-US")!
        #expect(
            URLRedaction.redact(url)
                == "https://api.themoviedb.org/3/movie/popular?page=2&api_key=REDACTED&language=en-US")
    }

    @Test(
        "removes secrets from free text",
        arguments: [
            ("GET https://x/3/a?api_key=abc123&page=1 failed", "GET https://x/3/a?api_key=REDACTED&page=1 failed"),
            ("Authorization: Bearer eyJhbGciOi.abc", "Authorization: Bearer REDACTED"),
            (
                "NSErrorFailingURLStringKey=https://x/?API_KEY=zz}",
                "NSErrorFailingURLStringKey=https://x/?API_KEY=REDACTED}"
            ),
            ("nothing secret here", "nothing secret here"),
        ])
    func redactsText(input: String, expected: String) {
        #expect(URLRedaction.redact(text: input) == expected)
    }

    @Test("describes credentials without revealing them")
    func credentialsDescription() {
        #expect(!"\(Credentials.bearerToken("tok-123"))".contains("tok-123"))
        #expect(!"\(Credentials.apiKey("key-456"))".contains("key-456"))
    }
}
