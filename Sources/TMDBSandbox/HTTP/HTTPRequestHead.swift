import Foundation

/// The request line and headers of one HTTP/1.x request.
struct HTTPRequestHead: Sendable, Equatable {
    /// `GET`, `HEAD`, `POST`…, as sent.
    var method: String
    /// The request target as sent, e.g. `/3/movie/popular?page=2`.
    var target: String
    /// Minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion: Int
    /// Header fields in order, names lowercased, values trimmed.
    var headers: [(name: String, value: String)]

    static func == (lhs: HTTPRequestHead, rhs: HTTPRequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value of a header, by lowercase name.
    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Whether the client wants the connection kept open after this request.
    var keepAlive: Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// Bytes of body that follow the head, from `Content-Length`; nil when the value is not a valid length.
    var contentLength: Int? {
        guard let value = header("content-length") else { return 0 }
        guard let length = Int(value), length >= 0 else { return nil }
        return length
    }

    /// Parses the bytes of a head, without the final blank line.
    /// - Throws: ``HTTPHeadError`` naming the line that is wrong.
    init(parsing bytes: some Collection<UInt8>) throws(HTTPHeadError) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { throw .malformedRequestLine("") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .malformedRequestLine(String(requestLine))
        }
        guard parts[2].hasPrefix("HTTP/1."), let minor = Int(parts[2].dropFirst(7)) else {
            throw .unsupportedVersion(String(parts[2]))
        }
        method = String(parts[0])
        target = String(parts[1])
        minorVersion = minor
        headers = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .malformedHeader(String(line))
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
        }
    }

    init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }
}
