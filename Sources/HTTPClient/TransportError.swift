import Foundation

/// A failure below HTTP: the request got no complete response it could accept.
///
/// It holds no underlying error object, only words and numbers free of credentials: the URL is redacted here and
/// the reason's text too, so no caller can forget.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this was, for messages and for failures without a libcurl code. When `curlCode` is set,
    /// the retry decision reads the code, not the kind.
    public enum Kind: Sendable, Hashable {
        /// The attempt took longer than its deadline (the request's timeout), connecting included.
        case timedOut
        /// Less than the low-speed limit arrived for the whole window: a server that stalls, before its headers or in
        /// its body.
        case stalled
        /// The connection could not be made (refused, host unknown, network down, TLS handshake failed).
        case cannotConnect
        /// The connection dropped, or the body ended before its announced length.
        case connectionLost
        /// The answer was not valid HTTP.
        case badResponse
        /// The body's `Content-Encoding` is not one the client asked for, or its gzip data is corrupt.
        case undecodableBody
        /// The body (decoded), its announced length, or the headers were larger than the transport's cap.
        case responseTooLarge(limit: Int)
        /// A redirect the client does not follow: to another origin (scheme, host or port), or too many of them.
        case redirectRefused
        /// A URL the transport does not fetch: not `http` or `https`, or malformed.
        case unsupportedURL
        case cancelled
        /// Anything else the transport reported.
        case other
    }

    public var kind: Kind
    /// The libcurl error code (`CURLcode`) when libcurl reported the failure; `RetryPolicy.decision(for:)` decides by
    /// it. Nil for what the transport or the client refused itself (a cap, a redirect, a bad encoding).
    public var curlCode: Int?
    /// The request URL with credentials removed.
    public var redactedURL: String
    /// A short human-readable reason, already free of credentials.
    public var reason: String

    /// Creates a transport error; `url` and `reason` are redacted here.
    public init(kind: Kind, curlCode: Int? = nil, url: URL, reason: String) {
        self.kind = kind
        self.curlCode = curlCode
        self.redactedURL = URLRedaction.redact(url)
        self.reason = URLRedaction.redact(text: reason)
    }

    /// The reason with the libcurl code, if any, e.g. `could not connect: … (curl error 7)`.
    public var reasonWithCode: String {
        reason + (curlCode.map { " (curl error \($0))" } ?? "")
    }

    public var description: String {
        "\(reasonWithCode) for \(redactedURL)"
    }
}
