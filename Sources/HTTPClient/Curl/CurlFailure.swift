import CCurl
import Foundation

/// libcurl's failures in words: a `CURLcode` and libcurl's own error text become a ``TransportError`` whose kind says
/// what happened and whose code `RetryPolicy.decision(forCurlCode:)` decides by.
enum CurlFailure {
    /// The error for a transfer libcurl ended with `code`.
    /// - Parameters:
    ///   - detail: libcurl's error buffer (may be empty); it names hosts and ports, never a query.
    ///   - bytesReceived: bytes of body received before the failure, for the timeout messages.
    static func transportError(
        _ code: CURLcode, detail: String, request: HTTPRequest, limits: CurlTransport.Limits, bytesReceived: Int
    ) -> TransportError {
        let (kind, words) = describe(code, detail: detail, request: request, limits: limits, received: bytesReceived)
        let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        return TransportError(kind: kind, curlCode: Int(code.rawValue), url: request.url, reason: "\(words): \(text)")
    }

    private static func describe(
        _ code: CURLcode, detail: String, request: HTTPRequest, limits: CurlTransport.Limits, received: Int
    ) -> (TransportError.Kind, String) {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            // libcurl reports its low-speed abort with the same code; its text says which it was.
            if detail.hasPrefix("Operation too slow"), let lowSpeed = limits.lowSpeed {
                return (
                    .stalled,
                    "the answer stalled: less than \(lowSpeed.bytesPerSecond) bytes/s for \(lowSpeed.wholeSeconds) s "
                        + "(\(received) bytes of body received)"
                )
            }
            return (
                .timedOut,
                "no complete answer within the \(format(request.timeout)) timeout (\(received) bytes of body received)"
            )
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return (.cannotConnect, "the host name could not be resolved")
        case CURLE_COULDNT_CONNECT:
            return (.cannotConnect, "could not connect")
        case CURLE_SSL_CONNECT_ERROR:
            return (.cannotConnect, "the TLS handshake failed")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return (.cannotConnect, "the server's certificate was not trusted")
        case CURLE_GOT_NOTHING:
            return (.connectionLost, "the server closed the connection without answering")
        case CURLE_PARTIAL_FILE:
            return (.connectionLost, "the body ended before its announced length")
        case CURLE_SEND_ERROR:
            return (.connectionLost, "the connection failed while sending the request")
        case CURLE_RECV_ERROR:
            return (.connectionLost, "the connection failed while receiving the answer")
        case CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return (.connectionLost, "the HTTP/2 connection or stream failed")
        case CURLE_WEIRD_SERVER_REPLY:
            return (.badResponse, "the answer was not valid HTTP")
        case CURLE_BAD_CONTENT_ENCODING:
            return (.undecodableBody, "the body's encoding could not be decoded")
        case CURLE_FILESIZE_EXCEEDED:
            return (.responseTooLarge(limit: limits.maximumBodyBytes), "the answer is over the size limit")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return (.unsupportedURL, "only http and https URLs are fetched")
        case CURLE_URL_MALFORMAT:
            return (.unsupportedURL, "the URL is malformed")
        case CURLE_OUT_OF_MEMORY:
            return (.other, "out of memory")
        default:
            return (.other, "the transfer failed")
        }
    }

    /// `30 s`, `1.5 s`, `200 ms`.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds < 1 { return "\(Int((seconds * 1_000).rounded())) ms" }
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\((seconds * 10).rounded() / 10) s"
    }
}
