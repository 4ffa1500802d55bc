/// A response to write: status, headers, body, and how to end it.
struct HTTPResponse: Sendable {
    /// HTTP status code.
    var status: Int
    /// Headers other than `Content-Length` and `Connection`, which are written from the body and keep-alive state.
    var headers: [(name: String, value: String)]
    /// The full body; `Content-Length` always announces all of it.
    var body: [UInt8]
    /// Send only the first half of the body, then close the connection (the truncated-body fault).
    var truncatesBody = false
    /// Close the connection after this response even if the client asked to keep it.
    var closesConnection = false
    /// Instead of `body`, a `Transfer-Encoding: chunked` body produced as it is sent (the huge-body fault, export
    /// files, ``SandboxOptions/chunked`` answers).
    var streamedBody: BodyStream? = nil

    /// A response with a body of `application/json;charset=utf-8`.
    static func json(_ status: Int, _ body: [UInt8], headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json;charset=utf-8")] + headers, body: body)
    }

    /// The bytes to send: status line, headers, blank line, and the body unless the request was `HEAD`.
    func serialized(keepAlive: Bool, includeBody: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\nServer: tmdb-sandbox\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        head += streamedBody == nil ? "Content-Length: \(body.count)\r\n" : "Transfer-Encoding: chunked\r\n"
        let staysOpen = keepAlive && !closesConnection && !truncatesBody
        head += staysOpen ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if includeBody, streamedBody == nil {
            bytes.reserveCapacity(bytes.count + body.count)
            bytes.append(contentsOf: truncatesBody ? body[..<(body.count / 2)] : body[...])
        }
        return bytes
    }

    /// The chunks of ``streamedBody`` in wire format, last chunk and end included, handed to `write` one at a time.
    /// - Returns: false as soon as `write` does (the client went away); the producer is then dropped unfinished.
    func writeChunks(_ write: ([UInt8]) -> Bool) -> Bool {
        guard let streamedBody else { return true }
        let produce = streamedBody.makeProducer()
        while let piece = produce() {
            guard !piece.isEmpty else { continue }
            var framed = Array(String(piece.count, radix: 16).utf8) + [0x0D, 0x0A]
            framed.reserveCapacity(framed.count + piece.count + 2)
            framed += piece
            framed += [0x0D, 0x0A]
            guard write(framed) else { return false }
        }
        return write(Array("0\r\n\r\n".utf8))
    }

    /// The standard reason phrase of the statuses the sandbox answers.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Payload Too Large"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
