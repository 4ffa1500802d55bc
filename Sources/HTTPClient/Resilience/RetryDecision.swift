import CCurl
import Foundation

/// Whether a failed attempt is worth another, and why, in one line.
public enum RetryDecision: Sendable, Hashable, CustomStringConvertible {
    case retry(String)
    case doNotRetry(String)

    public var retries: Bool {
        if case .retry = self { return true }
        return false
    }

    public var reason: String {
        switch self {
        case .retry(let reason), .doNotRetry(let reason): reason
        }
    }

    public var description: String { (retries ? "retry: " : "do not retry: ") + reason }
}

/// The one place the client decides what is transient. Every failure it can see has a decision: each HTTP status,
/// each libcurl `CURLcode`, each transport failure without one, and each ``ClientError/Reason``. ``RetryPolicy``'s
/// numbers then bound how often and how long.
extension RetryPolicy {
    /// The decision for one failed attempt.
    public static func decision(for reason: ClientError.Reason) -> RetryDecision {
        switch reason {
        case .transport(let error):
            return decision(for: error)
        case .httpStatus(let status, _):
            return decision(forStatus: status)
        case .decoding:
            return .retry("a 2xx body that does not decode, e.g. a proxy's error page; at most undecodableBodyRetries")
        case .unacceptableBody:
            return .retry("a 2xx body of the wrong kind, e.g. HTML for an image; at most undecodableBodyRetries")
        case .invalidURL:
            return .doNotRetry("the endpoint does not make a URL; it never will")
        case .cancelled:
            return .doNotRetry("cancelled: the run is stopping")
        case .notSent:
            return .doNotRetry("never sent: the client was told to stop sending")
        }
    }

    /// A failure below HTTP: libcurl's code decides when there is one, the kind otherwise (what the transport or
    /// the client refused itself, or a transport that is not libcurl).
    public static func decision(for error: TransportError) -> RetryDecision {
        if let code = error.curlCode { return decision(forCurlCode: code) }
        switch error.kind {
        case .timedOut: return .retry("the server took longer than the timeout; it may answer next time")
        case .stalled: return .retry("the answer stalled below the low-speed limit; the next connection may not")
        case .cannotConnect: return .retry("refused or unreachable, e.g. during a restart or deploy")
        case .connectionLost: return .retry("the connection dropped or the body ended before its end")
        case .badResponse: return .retry("a garbled answer, typically from a proxy under load")
        case .undecodableBody: return .doNotRetry("the body cannot be decoded; the same bytes come again")
        case .responseTooLarge: return .doNotRetry("the answer is over the size cap; it will be next time too")
        case .redirectRefused: return .doNotRetry("a redirect to another origin, or a loop: the same next time")
        case .unsupportedURL: return .doNotRetry("a URL the transport does not fetch; it never will")
        case .cancelled: return .doNotRetry("cancelled: the run is stopping")
        case .other: return .doNotRetry("a failure nobody classified; repeating it blindly could repeat the harm")
        }
    }

    /// Any HTTP status; 2xx is a success and never reaches here from the client.
    public static func decision(forStatus status: Int) -> RetryDecision {
        switch status {
        case 408: .retry("Request Timeout: the server gave up waiting; a new attempt usually succeeds")
        case 429: .retry("Too Many Requests: over the rate limit; wait as long as Retry-After says")
        case 500: .retry("Internal Server Error: often a passing fault during incidents")
        case 502: .retry("Bad Gateway: a proxy in front of the API could not reach it")
        case 503: .retry("Service Unavailable: overloaded or in maintenance; Retry-After may say for how long")
        case 504: .retry("Gateway Timeout: a proxy timed out waiting for the API")
        case 100..<200: .doNotRetry("informational: libcurl reads past these; one that reaches the client is no answer")
        case 200..<300: .doNotRetry("success: nothing to retry")
        case 300..<400: .doNotRetry("a redirect without a Location, or Not Modified: the same next time")
        case 400: .doNotRetry("Bad Request: the same request is as bad next time")
        case 401: .doNotRetry("Unauthorized: refused credentials stay refused")
        case 403: .doNotRetry("Forbidden: the answer would not change")
        case 404: .doNotRetry("Not Found: the answer would not change")
        case 400..<500: .doNotRetry("a client error: the same request gets the same answer")
        case 500..<600: .doNotRetry("a server error that does not pass (not implemented, unsupported, misconfigured)")
        default: .doNotRetry("not an HTTP status")
        }
    }

    /// A libcurl `CURLcode`, by its value. Codes the table does not list are not retried.
    public static func decision(forCurlCode code: Int) -> RetryDecision {
        curlCodeDecisions[code] ?? .doNotRetry("curl error \(code): a code this client does not know")
    }

    /// Every `CURLcode` libcurl 7.88 defines (0 to 99), with its decision. Retried: what the network or the server
    /// may do differently next time. Not retried: settings, bad input, and what the transport never asks libcurl
    /// for (other protocols, uploads, proxies' credentials, libcurl's own redirects and decoding).
    static let curlCodeDecisions: [Int: RetryDecision] = {
        func retry(_ code: CURLcode, _ reason: String) -> (Int, RetryDecision) { (Int(code.rawValue), .retry(reason)) }
        func fail(_ code: CURLcode, _ reason: String) -> (Int, RetryDecision) {
            (Int(code.rawValue), .doNotRetry(reason))
        }
        let otherProtocol = "a protocol other than HTTP; the transport allows only http and https"
        let unused = "a code libcurl 7.88 no longer uses"
        let setup = "the client set libcurl up wrongly; the same setup fails again"
        let tlsSetting = "a TLS setting or certificate problem on this side, not a passing fault"
        let notTrusted = "the server's certificate is not trusted; credentials must not go past it"
        return Dictionary(uniqueKeysWithValues: [
            fail(CURLE_OK, "not a failure"),
            retry(CURLE_COULDNT_RESOLVE_PROXY, "DNS hiccup for the proxy; resolvers fail transiently"),
            retry(CURLE_COULDNT_RESOLVE_HOST, "DNS hiccup; resolvers fail transiently"),
            retry(CURLE_COULDNT_CONNECT, "refused or unreachable, e.g. during a restart or deploy"),
            retry(CURLE_WEIRD_SERVER_REPLY, "a garbled answer, typically from a proxy under load"),
            retry(CURLE_HTTP2, "an HTTP/2 connection error; a new connection usually works"),
            retry(CURLE_PARTIAL_FILE, "the body ended before its announced length: cut short"),
            retry(CURLE_OPERATION_TIMEDOUT, "the deadline passed or the answer stalled; it may answer next time"),
            retry(CURLE_SSL_CONNECT_ERROR, "TLS handshake interrupted, commonly by a dropped connection"),
            retry(CURLE_GOT_NOTHING, "the server closed the connection unanswered, e.g. a reused one it dropped"),
            retry(CURLE_SEND_ERROR, "the connection failed while sending: dropped or reset"),
            retry(CURLE_RECV_ERROR, "the connection failed while receiving: dropped or reset"),
            retry(CURLE_SSL_SHUTDOWN_FAILED, "the TLS connection did not close cleanly, commonly a dropped connection"),
            retry(CURLE_NO_CONNECTION_AVAILABLE, "no connection free for now"),
            retry(CURLE_HTTP2_STREAM, "the server reset the HTTP/2 stream (e.g. refused it under load)"),
            retry(CURLE_PROXY, "the proxy's handshake failed; proxies fail transiently"),

            fail(CURLE_UNSUPPORTED_PROTOCOL, "a scheme the transport does not allow; it never will"),
            fail(CURLE_FAILED_INIT, setup),
            fail(CURLE_URL_MALFORMAT, "the URL is malformed; it will be next time too"),
            fail(CURLE_NOT_BUILT_IN, "a feature this libcurl was built without; a setting"),
            fail(CURLE_REMOTE_ACCESS_DENIED, otherProtocol),
            fail(CURLE_FTP_ACCEPT_FAILED, otherProtocol),
            fail(CURLE_FTP_WEIRD_PASS_REPLY, otherProtocol),
            fail(CURLE_FTP_ACCEPT_TIMEOUT, otherProtocol),
            fail(CURLE_FTP_WEIRD_PASV_REPLY, otherProtocol),
            fail(CURLE_FTP_WEIRD_227_FORMAT, otherProtocol),
            fail(CURLE_FTP_CANT_GET_HOST, otherProtocol),
            fail(CURLE_FTP_COULDNT_SET_TYPE, otherProtocol),
            fail(CURLE_FTP_COULDNT_RETR_FILE, otherProtocol),
            fail(CURLE_OBSOLETE20, unused),
            fail(CURLE_QUOTE_ERROR, otherProtocol),
            fail(CURLE_HTTP_RETURNED_ERROR, "statuses are answers here (CURLOPT_FAILONERROR is off)"),
            fail(CURLE_WRITE_ERROR, "the client refused the body (over the cap or undecodable); it comes again"),
            fail(CURLE_OBSOLETE24, unused),
            fail(CURLE_UPLOAD_FAILED, "uploads only; the client uploads nothing"),
            fail(CURLE_READ_ERROR, "uploads only; the client uploads nothing"),
            fail(CURLE_OUT_OF_MEMORY, "the client is out of memory; more attempts make it worse"),
            fail(CURLE_OBSOLETE29, unused),
            fail(CURLE_FTP_PORT_FAILED, otherProtocol),
            fail(CURLE_FTP_COULDNT_USE_REST, otherProtocol),
            fail(CURLE_OBSOLETE32, unused),
            fail(CURLE_RANGE_ERROR, "range requests only; the client asks for none"),
            fail(CURLE_HTTP_POST_ERROR, "uploads only; the client uploads nothing"),
            fail(CURLE_BAD_DOWNLOAD_RESUME, "resumed downloads only; the client resumes none"),
            fail(CURLE_FILE_COULDNT_READ_FILE, otherProtocol),
            fail(CURLE_LDAP_CANNOT_BIND, otherProtocol),
            fail(CURLE_LDAP_SEARCH_FAILED, otherProtocol),
            fail(CURLE_OBSOLETE40, unused),
            fail(CURLE_FUNCTION_NOT_FOUND, unused),
            fail(CURLE_ABORTED_BY_CALLBACK, "the client stopped the transfer on purpose"),
            fail(CURLE_BAD_FUNCTION_ARGUMENT, setup),
            fail(CURLE_OBSOLETE44, unused),
            fail(CURLE_INTERFACE_FAILED, "the network interface setting is wrong; a setting"),
            fail(CURLE_OBSOLETE46, unused),
            fail(CURLE_TOO_MANY_REDIRECTS, "libcurl follows no redirects here; a loop would loop again"),
            fail(CURLE_UNKNOWN_OPTION, setup),
            fail(CURLE_SETOPT_OPTION_SYNTAX, setup),
            fail(CURLE_OBSOLETE50, unused),
            fail(CURLE_OBSOLETE51, unused),
            fail(CURLE_SSL_ENGINE_NOTFOUND, tlsSetting),
            fail(CURLE_SSL_ENGINE_SETFAILED, tlsSetting),
            fail(CURLE_OBSOLETE57, unused),
            fail(CURLE_SSL_CERTPROBLEM, tlsSetting),
            fail(CURLE_SSL_CIPHER, tlsSetting),
            fail(CURLE_PEER_FAILED_VERIFICATION, notTrusted),
            fail(CURLE_BAD_CONTENT_ENCODING, "the body's encoding cannot be decoded; the same bytes come again"),
            fail(CURLE_OBSOLETE62, unused),
            fail(CURLE_FILESIZE_EXCEEDED, "the answer is over the size cap; it will be next time too"),
            fail(CURLE_USE_SSL_FAILED, otherProtocol),
            fail(CURLE_SEND_FAIL_REWIND, "uploads only; the client uploads nothing"),
            fail(CURLE_SSL_ENGINE_INITFAILED, tlsSetting),
            fail(CURLE_LOGIN_DENIED, otherProtocol),
            fail(CURLE_TFTP_NOTFOUND, otherProtocol),
            fail(CURLE_TFTP_PERM, otherProtocol),
            fail(CURLE_REMOTE_DISK_FULL, otherProtocol),
            fail(CURLE_TFTP_ILLEGAL, otherProtocol),
            fail(CURLE_TFTP_UNKNOWNID, otherProtocol),
            fail(CURLE_REMOTE_FILE_EXISTS, otherProtocol),
            fail(CURLE_TFTP_NOSUCHUSER, otherProtocol),
            fail(CURLE_OBSOLETE75, unused),
            fail(CURLE_OBSOLETE76, unused),
            fail(CURLE_SSL_CACERT_BADFILE, "the CA certificates cannot be loaded; a setting"),
            fail(CURLE_REMOTE_FILE_NOT_FOUND, otherProtocol),
            fail(CURLE_SSH, otherProtocol),
            fail(CURLE_AGAIN, "raw socket calls only (curl_easy_recv); the client makes none"),
            fail(CURLE_SSL_CRL_BADFILE, tlsSetting),
            fail(CURLE_SSL_ISSUER_ERROR, notTrusted),
            fail(CURLE_FTP_PRET_FAILED, otherProtocol),
            fail(CURLE_RTSP_CSEQ_ERROR, otherProtocol),
            fail(CURLE_RTSP_SESSION_ERROR, otherProtocol),
            fail(CURLE_FTP_BAD_FILE_LIST, otherProtocol),
            fail(CURLE_CHUNK_FAILED, otherProtocol),
            fail(CURLE_SSL_PINNEDPUBKEYNOTMATCH, notTrusted),
            fail(CURLE_SSL_INVALIDCERTSTATUS, notTrusted),
            fail(CURLE_RECURSIVE_API_CALL, setup),
            fail(CURLE_AUTH_ERROR, "authentication by libcurl; the client sends its own credentials"),
            fail(CURLE_HTTP3, "HTTP/3 is not enabled; none reaches this"),
            fail(CURLE_QUIC_CONNECT_ERROR, "HTTP/3 is not enabled; none reaches this"),
            fail(CURLE_SSL_CLIENTCERT, "the server wants a TLS client certificate: a setting, not a passing fault"),
            fail(CURLE_UNRECOVERABLE_POLL, "the client's own wait for sockets failed; its next attempt would too"),
        ])
    }()
}
