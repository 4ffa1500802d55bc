import Foundation

/// Redirects, decided by the client rather than the transport (which follows none): a redirect within the request's
/// origin (same scheme, host **and port**) is followed with the credentials, at most ``maximumRedirects`` hops, all
/// within the one attempt's timeout; anything else is refused with an error that names the `Location`, so a token
/// or key never travels to another server, another port of the same host, or a `file:` URL.
extension APIClient {
    /// The most redirects one attempt follows.
    public static let maximumRedirects = 5

    /// The statuses that redirect with a `Location`. 300 (a choice), 304 (not modified) and 305 (a proxy) are
    /// answers, not redirects to follow.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Sends through the transport and follows redirects within the request's origin.
    /// - Throws: ``TransportError`` of kind ``TransportError/Kind/redirectRefused`` for a redirect elsewhere, or
    ///   more than ``maximumRedirects``; whatever the transport throws.
    func sendFollowingRedirects(_ request: HTTPRequest) async throws -> HTTPResponse {
        // The request's timeout bounds the whole attempt, redirects included: each hop gets what is left of it.
        let deadline = ContinuousClock.now + request.timeout
        var current = request
        var hops = 0
        while true {
            let response = try await transport.send(current)
            guard Self.redirectStatuses.contains(response.status), let location = response.header("Location") else {
                return response
            }
            let shown = "\"\(location.prefix(300))\""
            guard let target = URL(string: location, relativeTo: current.url)?.absoluteURL,
                Self.isSameOrigin(target, request.url)
            else {
                throw TransportError(
                    kind: .redirectRefused, url: current.url,
                    reason: "redirect refused: HTTP \(response.status) to another origin (Location: \(shown)); only "
                        + "the same scheme, host and port are followed")
            }
            hops += 1
            guard hops <= Self.maximumRedirects else {
                throw TransportError(
                    kind: .redirectRefused, url: request.url,
                    reason: "redirect refused: more than \(Self.maximumRedirects) redirects (the last: HTTP "
                        + "\(response.status), Location: \(shown))")
            }
            current = redirected(current, to: target)
            current.timeout = ContinuousClock.now.duration(to: deadline)
            guard current.timeout > .zero else {
                throw TransportError(
                    kind: .timedOut, url: request.url,
                    reason: "no complete answer within the \(CurlFailure.format(request.timeout)) timeout (after "
                        + "\(hops) redirect\(hops == 1 ? "" : "s"))")
            }
        }
    }

    /// The request sent to a same-origin `target`: the same method and headers, the credentials applied again (an
    /// API key is a query item the `Location` may not carry).
    private func redirected(_ request: HTTPRequest, to target: URL) -> HTTPRequest {
        var next = request
        var url = target
        if case .apiKey = credentials, var components = URLComponents(url: target, resolvingAgainstBaseURL: false) {
            components.queryItems = components.queryItems?.filter { $0.name != "api_key" }
            if components.queryItems?.isEmpty == true { components.queryItems = nil }
            url = components.url ?? target
        }
        next.url = credentials?.authorize(url: url, headers: &next.headers) ?? url
        return next
    }

    /// Whether two URLs have the same origin: scheme and host compared without case, ports with the scheme's
    /// default filled in (`http://h` and `http://h:80` are one origin; `http://h:8080` is another).
    static func isSameOrigin(_ one: URL, _ other: URL) -> Bool {
        func origin(_ url: URL) -> (scheme: String, host: String, port: Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
                return nil
            }
            let defaultPort = ["http": 80, "https": 443][scheme]
            guard let port = url.port ?? defaultPort else { return nil }
            return (scheme, host, port)
        }
        guard let first = origin(one), let second = origin(other) else { return false }
        return first == second
    }
}
