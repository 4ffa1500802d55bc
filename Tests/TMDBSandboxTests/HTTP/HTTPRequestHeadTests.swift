import Testing

@testable import TMDBSandbox

@Suite("Request heads")
struct HTTPRequestHeadTests {
    private func parse(_ text: String) throws(HTTPHeadError) -> HTTPRequestHead {
        try HTTPRequestHead(parsing: Array(text.utf8))
    }

    @Test("parses the request line and headers, lowercasing names and trimming values")
    func parsesAHead() throws {
        let head = try parse("GET /3/movie/popular?page=2 HTTP/1.1\r\nHost: x\r\nAuthorization:  Bearer abc  ")
        #expect(head.method == "GET")
        #expect(head.target == "/3/movie/popular?page=2")
        #expect(head.minorVersion == 1)
        #expect(head.header("host") == "x")
        #expect(head.header("authorization") == "Bearer abc")
    }

    @Test(
        "keeps HTTP/1.1 alive unless told to close, and HTTP/1.0 only when asked",
        arguments: [
            ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: close", false),
            ("HTTP/1.1", "Connection: Keep-Alive, Close", false), ("HTTP/1.0", "", false),
            ("HTTP/1.0", "Connection: keep-alive", true),
        ])
    func keepAlive(version: String, header: String, expected: Bool) throws {
        let head = try parse("GET / \(version)\r\n\(header)")
        #expect(head.keepAlive == expected)
    }

    @Test(
        "refuses malformed heads with the right status",
        arguments: [
            ("GET /\r\nHost: x", 400), ("GET / HTTP/2.0", 505), ("GET / HTTP/1.1\r\nno colon here", 400),
            (" / HTTP/1.1", 400),
        ])
    func refusesMalformedHeads(text: String, status: Int) {
        #expect(throws: HTTPHeadError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.status == status)
        }
    }

    @Test("reads Content-Length, treating an invalid one as an error")
    func contentLength() throws {
        #expect(try parse("POST / HTTP/1.1\r\nContent-Length: 12").contentLength == 12)
        #expect(try parse("POST / HTTP/1.1").contentLength == 0)
        #expect(try parse("POST / HTTP/1.1\r\nContent-Length: -1").contentLength == nil)
        #expect(try parse("POST / HTTP/1.1\r\nContent-Length: abc").contentLength == nil)
    }

    @Test("finds the blank line that ends a head")
    func findsHeadEnd() {
        let bytes = Array("GET / HTTP/1.1\r\nA: b\r\n\r\nrest".utf8)
        #expect(ConnectionHandler.headEnd(in: bytes, from: 0) == 20)
        #expect(ConnectionHandler.headEnd(in: Array("GET / HTTP/1.1\r\n".utf8), from: 0) == nil)
    }
}
