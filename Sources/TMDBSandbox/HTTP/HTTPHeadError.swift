/// Why a request head was refused; answered with ``status`` and the connection closed.
enum HTTPHeadError: Error, Equatable, CustomStringConvertible {
    case malformedRequestLine(String)
    case unsupportedVersion(String)
    case malformedHeader(String)
    /// No blank line within the first `limit` bytes.
    case tooLarge(limit: Int)
    case invalidContentLength(String)
    /// A `Transfer-Encoding` body, which the sandbox does not read.
    case unsupportedTransferEncoding(String)

    /// The status to answer.
    var status: Int {
        switch self {
        case .tooLarge: 431
        case .unsupportedVersion: 505
        case .unsupportedTransferEncoding: 501
        case .malformedRequestLine, .malformedHeader, .invalidContentLength: 400
        }
    }

    var description: String {
        switch self {
        case .malformedRequestLine(let line): "malformed request line \"\(line.prefix(200))\""
        case .unsupportedVersion(let version): "unsupported HTTP version \"\(version.prefix(200))\""
        case .malformedHeader(let line): "malformed header line \"\(line.prefix(200))\""
        case .tooLarge(let limit): "request head larger than \(limit) bytes"
        case .invalidContentLength(let value): "invalid Content-Length \"\(value.prefix(200))\""
        case .unsupportedTransferEncoding(let value): "unsupported Transfer-Encoding \"\(value.prefix(200))\""
        }
    }
}
