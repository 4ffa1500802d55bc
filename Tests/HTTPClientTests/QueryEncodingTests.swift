import Foundation
import HTTPClient
import Testing

@Suite("QueryEncoding")
struct QueryEncodingTests {
    @Test(
        "joins base and path with exactly one slash",
        arguments: [
            ("https://h/3", "movie/popular", "https://h/3/movie/popular"),
            ("https://h/3/", "/movie/popular", "https://h/3/movie/popular"),
            ("https://h/t/p/", "w342/a.jpg", "https://h/t/p/w342/a.jpg"),
        ])
    func joinsPaths(base: String, path: String, expected: String) {
        #expect(QueryEncoding.url(base: URL(string: base)!, path: path, queryItems: [])?.absoluteString == expected)
    }

    @Test("percent-encodes query values strictly so '+', '&' and spaces survive")
    func encodesQueryValues() {
        let url = QueryEncoding.url(
            base: URL(string: "https://h/3")!, path: "search/movie",
            queryItems: [URLQueryItem(name: "query", value: "a+b & c=d/é")])
        #expect(url?.absoluteString == "https://h/3/search/movie?query=a%2Bb%20%26%20c%3Dd%2F%C3%A9")
    }
}
