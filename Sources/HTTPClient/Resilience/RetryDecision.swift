import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
/// each `URLError` code, each transport failure without one, and each ``ClientError/Reason``. ``RetryPolicy``'s
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

    /// A failure below HTTP: the `URLError` code decides when there is one, the kind otherwise (a transport that
    /// is not URLSession, or a failure the transport found itself).
    public static func decision(for error: TransportError) -> RetryDecision {
        if let code = error.urlErrorCode { return decision(forURLErrorCode: code) }
        switch error.kind {
        case .timedOut: return .retry("the server took longer than the timeout; it may answer next time")
        case .cannotConnect: return .retry("refused or unreachable, e.g. during a restart or deploy")
        case .connectionLost: return .retry("the connection dropped or the body ended before its length")
        case .responseTooLarge: return .doNotRetry("the body is over the size cap; it will be next time too")
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
        case 100..<200: .doNotRetry("informational: URLSession handles these; one that reaches the client is no answer")
        case 200..<300: .doNotRetry("success: nothing to retry")
        case 300..<400: .doNotRetry("a redirect not followed (to another host) or Not Modified: the same next time")
        case 400: .doNotRetry("Bad Request: the same request is as bad next time")
        case 401: .doNotRetry("Unauthorized: refused credentials stay refused")
        case 403: .doNotRetry("Forbidden: the answer would not change")
        case 404: .doNotRetry("Not Found: the answer would not change")
        case 400..<500: .doNotRetry("a client error: the same request gets the same answer")
        case 500..<600: .doNotRetry("a server error that does not pass (not implemented, unsupported, misconfigured)")
        default: .doNotRetry("not an HTTP status")
        }
    }

    /// A `URLError` code, by its raw value. Codes the table does not list are not retried.
    public static func decision(forURLErrorCode code: Int) -> RetryDecision {
        urlErrorDecisions[code] ?? .doNotRetry("URLError \(code): a code this client does not know")
    }

    /// Every `URLError` code swift-corelibs-foundation defines, with its decision. Retried: what the network or
    /// the server may do differently next time. Not retried: settings, bad input, and features the client never
    /// uses (files, downloads, uploads, background sessions).
    static let urlErrorDecisions: [Int: RetryDecision] = {
        func retry(_ code: URLError.Code, _ reason: String) -> (Int, RetryDecision) { (code.rawValue, .retry(reason)) }
        func fail(_ code: URLError.Code, _ reason: String) -> (Int, RetryDecision) {
            (code.rawValue, .doNotRetry(reason))
        }
        let filesOnly = "file: URLs only; the client loads none"
        let downloadsOnly = "download tasks only; the client uses data tasks"
        let backgroundOnly = "background sessions only; the client uses none"
        let notTrusted = "the server's certificate is not trusted; credentials must not go past it"
        return Dictionary(uniqueKeysWithValues: [
            retry(.unknown, "on Linux, a body cut short ('transfer closed with N bytes remaining') or reset"),
            retry(.timedOut, "the request timed out; the server may answer next time"),
            retry(.networkConnectionLost, "the connection dropped mid-request"),
            retry(.cannotConnectToHost, "refused or unreachable, e.g. during a restart or deploy"),
            retry(.cannotFindHost, "DNS hiccup; resolvers fail transiently"),
            retry(.dnsLookupFailed, "DNS hiccup; resolvers fail transiently"),
            retry(.notConnectedToInternet, "the network came down; it may come back"),
            retry(.secureConnectionFailed, "TLS handshake interrupted, commonly by a dropped connection"),
            retry(.badServerResponse, "a garbled response, typically from a proxy under load"),
            retry(.cannotParseResponse, "a garbled response, typically from a proxy under load"),
            retry(.zeroByteResource, "an empty answer where a body was due"),
            retry(.resourceUnavailable, "temporarily unavailable"),
            retry(.dataNotAllowed, "the network refused data for now"),
            retry(.internationalRoamingOff, "the network refused data for now"),
            retry(.callIsActive, "the network refused data for now"),

            fail(.cancelled, "cancelled: the run is stopping, or the transfer was stopped on purpose"),
            fail(.badURL, "the URL is malformed; it will be next time too"),
            fail(.unsupportedURL, "a scheme URLSession cannot load"),
            fail(.httpTooManyRedirects, "a redirect loop; it loops again"),
            fail(.redirectToNonExistentLocation, "a redirect to nowhere; it points there again"),
            fail(.userCancelledAuthentication, "authentication was refused"),
            fail(.userAuthenticationRequired, "the server wants credentials this client does not have"),
            fail(.cannotDecodeRawData, "the body cannot be decoded; the same bytes come again"),
            fail(.cannotDecodeContentData, "the body's Content-Encoding cannot be decoded; the same bytes come again"),
            fail(.appTransportSecurityRequiresSecureConnection, "a platform policy forbids plain HTTP: a setting"),
            fail(.dataLengthExceedsMaximum, "the body is over the length allowed; it will be next time too"),
            fail(.serverCertificateHasBadDate, "the server's certificate has expired; retrying does not renew it"),
            fail(.serverCertificateUntrusted, notTrusted),
            fail(.serverCertificateHasUnknownRoot, notTrusted),
            fail(.serverCertificateNotYetValid, "the server's certificate is not valid yet (or the clock is wrong)"),
            fail(.clientCertificateRejected, "TLS client certificates are a setting, not a passing fault"),
            fail(.clientCertificateRequired, "TLS client certificates are a setting, not a passing fault"),
            fail(.cannotLoadFromNetwork, "a cache-only load; the client never asks for one"),
            fail(.requestBodyStreamExhausted, "an upload stream ran dry; the client uploads none"),
            fail(.fileDoesNotExist, filesOnly),
            fail(.fileIsDirectory, filesOnly),
            fail(.noPermissionsToReadFile, filesOnly),
            fail(.cannotCreateFile, downloadsOnly),
            fail(.cannotOpenFile, downloadsOnly),
            fail(.cannotCloseFile, downloadsOnly),
            fail(.cannotWriteToFile, downloadsOnly),
            fail(.cannotRemoveFile, downloadsOnly),
            fail(.cannotMoveFile, downloadsOnly),
            fail(.downloadDecodingFailedMidStream, downloadsOnly),
            fail(.downloadDecodingFailedToComplete, downloadsOnly),
            fail(.backgroundSessionRequiresSharedContainer, backgroundOnly),
            fail(.backgroundSessionInUseByAnotherProcess, backgroundOnly),
            fail(.backgroundSessionWasDisconnected, backgroundOnly),
        ])
    }()
}
