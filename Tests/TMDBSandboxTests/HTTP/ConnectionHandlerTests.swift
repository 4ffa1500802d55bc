import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Connections", .timeLimit(.minutes(15)))
struct ConnectionHandlerTests {
    @Test("serve several requests on one kept-alive connection")
    func keepAlive() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            for page in 1...5 {
                let response = try connection.get("/3/movie/popular?page=\(page)")
                #expect(response.status == 200)
                #expect(response.headers["connection"] == "keep-alive")
                #expect(response.headers["content-length"] == String(response.body.count))
            }
            #expect(server.requestLog().count == 5)
        }
    }

    @Test("answer pipelined requests in order")
    func pipelining() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                RawHTTPConnection.request("GET", "/3/movie/popular?page=7")
                    + RawHTTPConnection.request("GET", "/3/genre/movie/list")
                    + RawHTTPConnection.request("GET", "/3/movie/popular?page=0"))
            let first = try connection.readResponse()
            let second = try connection.readResponse()
            let third = try connection.readResponse()
            #expect(first.text.contains("\"page\":7"))
            #expect(second.text.hasPrefix("{\"genres\":"))
            #expect(third.status == 400)
        }
    }

    @Test("close the connection after a response to Connection: close")
    func connectionClose() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try connection.get("/3/configuration", extraHeaders: "Connection: close\r\n")
            #expect(response.status == 200)
            #expect(response.headers["connection"] == "close")
            #expect(try connection.isClosedByServer())
        }
    }

    @Test("skip a request body announced by Content-Length")
    func skipsBodies() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                RawHTTPConnection.request("POST", "/3/movie/popular", extraHeaders: "Content-Length: 11\r\n")
                    + "hello world" + RawHTTPConnection.request("GET", "/3/configuration"))
            #expect(try connection.readResponse().status == 405)
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test("answer HEAD with the headers of GET and no body")
    func head() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.request("HEAD", "/3/genre/movie/list"))
            let head = try connection.readResponse(toHead: true)
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(GenreListBody.bytes.count))
            let next = try connection.get("/3/genre/movie/list")
            #expect(next.body == GenreListBody.bytes)
        }
    }

    @Test("refuse a request head over 16 KiB with 431 and close")
    func refusesHugeHeads() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            let padding = String(repeating: "x", count: 17_000)
            try connection.send("GET /3/configuration HTTP/1.1\r\nX-Padding: \(padding)\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 431)
            #expect(try connection.isClosedByServer())
        }
    }

    @Test("refuse a malformed request line with 400 and close")
    func refusesGarbage() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("HELLO\r\n\r\n")
            #expect(try connection.readResponse().status == 400)
            #expect(try connection.isClosedByServer())
            #expect(server.requestLog().last?.status == 400)
        }
    }

    @Test("refuse chunked request bodies with 501")
    func refusesChunkedBodies() async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(
                RawHTTPConnection.request("POST", "/3/configuration", extraHeaders: "Transfer-Encoding: chunked\r\n"))
            #expect(try connection.readResponse().status == 501)
        }
    }

    @Test("end when the client goes away mid-request, leaving the server serving others")
    func survivesClientsLeaving() async throws {
        try await withSandbox { server in
            do {
                let leaving = try RawHTTPConnection(port: server.port)
                try leaving.send("GET /3/configuration HTTP/1.1\r\nHost")
            }
            let connection = try RawHTTPConnection(port: server.port)
            #expect(try connection.get("/3/configuration").status == 200)
        }
    }
}
