import Foundation
import Glibc

@testable import TMDBSandbox

/// A client connection over a raw loopback socket, for what URLSession hides: keep-alive, pipelining, exact bytes,
/// bodies cut short.
final class RawHTTPConnection {
    /// A response as read off the wire.
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: [UInt8]
        /// The connection ended before `Content-Length` bytes of body arrived.
        var isTruncated: Bool

        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body)) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
        // A wedged test fails after 10 s instead of hanging the suite.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    /// Sends raw bytes.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send failed: errno \(errno)") }
    }

    /// Sends `GET target` with the bearer token unless `authorized` is false.
    /// - Parameter toHead: read only the head (for a body that is not sized by `Content-Length`).
    func get(_ target: String, authorized: Bool = true, extraHeaders: String = "", toHead: Bool = false) throws
        -> Response
    {
        try send(Self.request("GET", target, authorized: authorized, extraHeaders: extraHeaders))
        return try readResponse(toHead: toHead)
    }

    /// The text of a request.
    static func request(_ method: String, _ target: String, authorized: Bool = true, extraHeaders: String = "")
        -> String
    {
        let authorization = authorized ? "Authorization: Bearer \(SandboxServer.bearerToken)\r\n" : ""
        return "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(authorization)\(extraHeaders)\r\n"
    }

    /// Reads one response; a `HEAD` response has no body whatever its `Content-Length`.
    func readResponse(toHead: Bool = false) throws -> Response {
        let headEnd = try fillRequired { ConnectionHandler.headEnd(in: $0, from: 0).map { $0 + 4 } }
        let lines = String(decoding: buffer[..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(headEnd)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            headers[pair[0].lowercased()] = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
        }
        let length = toHead ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        let available = try fill(allowingEnd: true) { $0.count >= length ? length : nil }
        let body = Array(buffer.prefix(available ?? buffer.count))
        buffer.removeFirst(body.count)
        return Response(status: status, headers: headers, body: body, isTruncated: body.count < length)
    }

    /// Reads a `Transfer-Encoding: chunked` body, after `readResponse(toHead: true)`: every chunk's data, up to
    /// the last (empty) chunk and the blank line after it.
    func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        try readChunks { body += $0 }
        return body
    }

    /// Reads a `Transfer-Encoding: chunked` body chunk by chunk, handing each chunk's data to `consume` and keeping
    /// none: for bodies larger than a test should hold.
    func readChunks(_ consume: ([UInt8]) throws -> Void) throws {
        while true {
            let lineEnd = try fillRequired { bytes in
                bytes.indices.dropLast().first { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
            }
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { throw Failure(description: "bad chunk size \(sizeText)") }
            buffer.removeFirst(lineEnd + 2)
            _ = try fillRequired { $0.count >= size + 2 ? size : nil }
            if size > 0 { try consume(Array(buffer.prefix(size))) }
            buffer.removeFirst(size + 2)
            if size == 0 { return }
        }
    }

    /// Whether the server has closed the connection (reads until end of stream or more data).
    func isClosedByServer() throws -> Bool {
        guard buffer.isEmpty else { return false }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { buffer += chunk[..<count] }
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    private func fill(allowingEnd: Bool = false, until ready: ([UInt8]) -> Int?) throws -> Int? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            if let value = ready(buffer) { return value }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 && allowingEnd {
                return nil
            } else {
                throw Failure(description: count == 0 ? "connection closed early" : "recv failed: errno \(errno)")
            }
        }
    }

    private func fillRequired(until ready: ([UInt8]) -> Int?) throws -> Int {
        try fill(allowingEnd: false, until: ready)!
    }
}
