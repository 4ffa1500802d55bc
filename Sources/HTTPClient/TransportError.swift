import Foundation

/// A failure below HTTP: the request got no complete response.
///
/// It never holds the underlying `URLError` itself, because printing one prints its failing URL, query and
/// credentials included (see LINUX-NOTES). It keeps the code and a redacted URL instead.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this was, for messages and for transports that have no `URLError` code. When
    /// `urlErrorCode` is set, the retry decision reads the code, not the kind.
    public enum Kind: Sendable, Hashable {
        /// The server took longer than the request timeout.
        case timedOut
        /// The connection could not be made (refused, host unknown, network down).
        case cannotConnect
        /// The connection dropped or the body ended before its announced length.
        case connectionLost
        /// The body was larger than the transport's size cap.
        case responseTooLarge(limit: Int)
        case cancelled
        /// Anything else the transport reported.
        case other
    }

    public var kind: Kind
    /// The `URLError` code when the failure came from URLSession; `RetryPolicy.decision(for:)` decides by it.
    public var urlErrorCode: Int?
    /// The request URL with credentials removed.
    public var redactedURL: String
    /// A short human-readable reason, already free of credentials.
    public var reason: String

    /// Creates a transport error; `url` is redacted here so no caller can forget.
    public init(kind: Kind, urlErrorCode: Int? = nil, url: URL, reason: String) {
        self.kind = kind
        self.urlErrorCode = urlErrorCode
        self.redactedURL = URLRedaction.redact(url)
        self.reason = URLRedaction.redact(text: reason)
    }

    public var description: String {
        let code = urlErrorCode.map { " (URLError \($0))" } ?? ""
        return "\(reason)\(code) for \(redactedURL)"
    }
}
