import Foundation

/// Why a call through ``APIClient`` failed, with the endpoint it was for.
///
/// Reads as a sentence, e.g. `GET movie/top_rated?page=3: HTTP 503: down for maintenance (after 5 attempts)`. It
/// never contains credentials: endpoints carry none, transport errors are redacted at the source.
public struct ClientError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No complete HTTP response arrived.
        case transport(TransportError)
        /// The server answered with a non-2xx status; `message` is what the client's `errorMessage` read from the
        /// body, if anything.
        case httpStatus(Int, message: String?)
        /// A 2xx body did not decode as the endpoint's response type. `bodyPrefix` is the start of the body.
        case decoding(String, bodyPrefix: String)
        /// The 2xx body was not what the endpoint accepts (e.g. an HTML page where an image was expected).
        case unacceptableBody(String)
        /// The endpoint's path and query did not make a valid URL with the base URL.
        case invalidURL(String)
        /// The run was cancelled before the request completed.
        case cancelled
        /// The request was never sent: while it waited for an in-flight slot the client was told to stop sending
        /// (``APIClient/stopSending()``) or its credentials were refused.
        case notSent
    }

    /// The endpoint, as `METHOD path?query` (no credentials).
    public var endpoint: String
    public var reason: Reason
    /// How many attempts were made before giving up.
    public var attempts: Int
    /// The `Retry-After` header of the failing response, if it had one.
    public var retryAfter: String?

    public init(endpoint: String, reason: Reason, attempts: Int = 1) {
        self.endpoint = endpoint
        self.reason = reason
        self.attempts = attempts
    }

    public func withAttempts(_ count: Int) -> ClientError {
        var copy = self
        copy.attempts = count
        return copy
    }

    /// The HTTP status, when the failure was one.
    public var httpStatus: Int? {
        if case .httpStatus(let status, _) = reason { return status }
        return nil
    }

    /// Whether the server rejected the credentials (HTTP 401).
    public var isAuthenticationFailure: Bool { httpStatus == 401 }

    /// The reason alone, without the endpoint, for tables and manifests. What the server sent (its message, the
    /// start of a body) has its control characters escaped and is cut at ``SafeText/excerptLimit`` characters.
    public var reasonDescription: String {
        switch reason {
        case .transport(let error):
            return "transport error: \(SafeText.excerpt(error.reasonWithCode))"
        case .httpStatus(let status, let message):
            return "HTTP \(status)" + (message.map { ": \(SafeText.excerpt($0))" } ?? "")
        case .decoding(let detail, let prefix):
            return "response did not decode: \(SafeText.excerpt(detail)); "
                + "body starts \(SafeText.escaped(prefix.debugDescription))"
        case .unacceptableBody(let detail):
            return "unacceptable response: \(SafeText.excerpt(detail))"
        case .invalidURL(let detail):
            return "invalid URL: \(SafeText.excerpt(detail))"
        case .cancelled:
            return "cancelled"
        case .notSent:
            return "not sent (the run stopped first)"
        }
    }

    public var description: String {
        let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
        return "\(SafeText.escaped(endpoint)): \(reasonDescription)\(tries)"
    }
}
