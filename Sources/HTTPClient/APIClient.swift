import Foundation

/// A generic, typed HTTP API client: builds the request for an ``Endpoint``, sends it through an
/// ``HTTPTransport`` under a ``RetryPolicy`` and an optional ``RateLimiter``, turns failures into ``ClientError``
/// and decodes the response.
///
/// One value per host: an API with credentials and a rate limiter, a CDN with neither (a token must never travel to
/// another host). What is specific to an API comes from the caller: its credentials, its User-Agent and how to read
/// the message out of its error bodies.
public struct APIClient: Sendable {
    public let baseURL: URL
    /// Credentials added to every request, or nil for hosts that need none.
    public let credentials: Credentials?
    public let transport: any HTTPTransport
    /// Sent as the `User-Agent` header when set.
    public let userAgent: String?
    /// The per-attempt timeout handed to the transport.
    public var timeout: Duration
    public var retryPolicy: RetryPolicy
    /// Paces requests to this client's host, or nil for no pacing.
    public var rateLimiter: RateLimiter?
    /// Counts attempts, retries and 429s.
    public var metrics: ClientMetrics
    /// What this client (and its copies) is waiting on now, and its notices for the log.
    public var activity: ClientActivity
    /// Reads the message out of a non-2xx answer's body (the API's own error format), or nil when there is none.
    public let errorMessage: @Sendable (HTTPResponse) -> String?
    /// Waits between attempts; injectable so tests do not sleep.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Shared by every copy of this client. A slot is held from just before the rate limiter's token is taken until
    /// the answer has arrived: not during a retry's delay, nor while the body is decoded.
    let inFlightLimit: InFlightLimit?

    /// - Parameters:
    ///   - maximumInFlight: the most requests of this client (and its copies) on the wire at once, or nil for no
    ///     bound here (the caller's own concurrency bounds them).
    ///   - errorMessage: called on each non-2xx answer; what it returns is the message of the
    ///     ``ClientError/Reason/httpStatus(_:message:)`` thrown.
    public init(
        baseURL: URL, credentials: Credentials?, transport: any HTTPTransport, userAgent: String? = nil,
        timeout: Duration = .seconds(30), retryPolicy: RetryPolicy = RetryPolicy(), rateLimiter: RateLimiter? = nil,
        maximumInFlight: Int? = nil, metrics: ClientMetrics = ClientMetrics(),
        activity: ClientActivity = ClientActivity(),
        errorMessage: @escaping @Sendable (HTTPResponse) -> String? = { _ in nil },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
        self.userAgent = userAgent
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.rateLimiter = rateLimiter
        self.inFlightLimit = maximumInFlight.map { InFlightLimit($0) }
        self.metrics = metrics
        self.activity = activity
        self.errorMessage = errorMessage
        self.sleep = sleep
    }

    /// The bound on requests on the wire at once (at least 1), or nil when this client sets none.
    public var maximumInFlight: Int? { inFlightLimit?.limit }

    /// A copy of this client with an in-flight limit of its own: what a caller that owns a concurrency (one run of
    /// a job) sends through. Transport, rate limiter and metrics stay shared with this client.
    public func withMaximumInFlight(_ limit: Int) -> APIClient {
        APIClient(
            baseURL: baseURL, credentials: credentials, transport: transport, userAgent: userAgent, timeout: timeout,
            retryPolicy: retryPolicy, rateLimiter: rateLimiter, maximumInFlight: limit, metrics: metrics,
            activity: activity, errorMessage: errorMessage, sleep: sleep)
    }

    /// Stops sending for good: requests still waiting for an in-flight slot fail with
    /// ``ClientError/Reason/notSent``, and so does every later one; requests already on the wire finish. Does
    /// nothing for a client without `maximumInFlight`.
    public func stopSending() {
        inFlightLimit?.halt()
    }

    /// The endpoint's URL without credentials, as logged and tested.
    public func url<E: Endpoint>(for endpoint: E) -> URL? {
        QueryEncoding.url(base: baseURL, path: endpoint.path, queryItems: endpoint.queryItems)
    }

    /// The complete request for an endpoint, credentials included.
    public func request<E: Endpoint>(for endpoint: E) throws(ClientError) -> HTTPRequest {
        guard let url = url(for: endpoint) else {
            throw ClientError(endpoint: endpoint.logDescription, reason: .invalidURL("\(baseURL) + \(endpoint.path)"))
        }
        var headers = ["Accept": "application/json"]
        if let userAgent { headers["User-Agent"] = userAgent }
        let authorized = credentials?.authorize(url: url, headers: &headers) ?? url
        return HTTPRequest(url: authorized, method: endpoint.method, headers: headers, timeout: timeout)
    }

    /// Sends the endpoint, retrying what `RetryPolicy.decision(for:)` calls transient, and returns its decoded
    /// response.
    /// - Throws: ``ClientError`` naming the endpoint and the number of attempts, with the status and the
    ///   `errorMessage` for non-2xx answers, the redacted transport failure, or the decoding failure with the start
    ///   of the body.
    public func send<E: Endpoint>(_ endpoint: E) async throws(ClientError) -> E.Response {
        try await perform(try request(for: endpoint), for: endpoint) { response throws(ClientError) in
            try decode(response, for: endpoint)
        }
    }

    /// Sends the endpoint and writes its 2xx body to `path` as it arrives, never holding it in memory, with the
    /// same retries, pacing, redirects and errors as ``send(_:)``: a 404 is a ``ClientError`` with the status. Each
    /// attempt starts the file again, so after a cut body and its retry the file holds the complete body.
    /// - Parameter maximumBytes: the most bytes the file may receive; more fails as too large, not retried.
    /// - Returns: the response, its `body` empty.
    /// - Throws: ``ClientError`` as ``send(_:)`` does. The file may then hold part of a body (an error status's
    ///   body never goes there): write to a temporary name and rename only after success.
    public func download<E: Endpoint>(_ endpoint: E, to path: String, maximumBytes: Int) async throws(ClientError)
        -> HTTPResponse
    {
        var request = try request(for: endpoint)
        request.headers["Accept"] = "*/*"
        request.bodyFile = HTTPRequest.BodyFile(path: path, maximumBytes: maximumBytes)
        return try await perform(request, for: endpoint) { response throws(ClientError) in response }
    }

    /// Sends `request` for `endpoint`, retrying what `RetryPolicy.decision(for:)` calls transient, and returns what
    /// `finish` makes of the 2xx response; a failure of `finish` counts as a refused body.
    private func perform<E: Endpoint, Result>(
        _ request: HTTPRequest, for endpoint: E, finish: (HTTPResponse) throws(ClientError) -> Result
    ) async throws(ClientError) -> Result {
        var attempt = 0
        var undecodableRetriesLeft = retryPolicy.undecodableBodyRetries
        while true {
            attempt += 1
            let failure: ClientError
            let bodyRefused: Bool
            do throws(ClientError) {
                let response = try await exchange(request, for: endpoint, attempt: attempt)
                do throws(ClientError) {
                    return try finish(response)
                } catch {
                    (failure, bodyRefused) = (error, true)
                }
            } catch {
                (failure, bodyRefused) = (error, false)
            }
            guard RetryPolicy.decision(for: failure.reason).retries, attempt < retryPolicy.maximumAttempts else {
                throw failure.withAttempts(attempt)
            }
            if bodyRefused {
                guard undecodableRetriesLeft > 0 else { throw failure.withAttempts(attempt) }
                undecodableRetriesLeft -= 1
            }
            let delay = retryPolicy.delay(afterAttempt: attempt, retryAfter: failure.retryAfter)
            let waiting = activity.begin(.retryDelay, endpoint.logDescription, until: .now + delay)
            defer { activity.end(waiting) }
            do {
                try await sleep(delay)
            } catch {
                throw ClientError(endpoint: endpoint.logDescription, reason: .cancelled, attempts: attempt)
            }
        }
    }

    /// One attempt: waits for an in-flight slot and the rate limiter, sends, and checks the status; the body is not
    /// decoded.
    func exchange<E: Endpoint>(_ request: HTTPRequest, for endpoint: E, attempt: Int = 1) async throws(ClientError)
        -> HTTPResponse
    {
        if Task.isCancelled {
            throw ClientError(endpoint: endpoint.logDescription, reason: .cancelled, attempts: attempt)
        }
        // The slot first, then the token: a token taken while waiting for a slot would let requests leave in a
        // burst when slots free up, above the rate.
        if let inFlightLimit {
            do { try await inFlightLimit.acquire() } catch {
                throw ClientError(
                    endpoint: endpoint.logDescription, reason: error is InFlightLimit.Halted ? .notSent : .cancelled,
                    attempts: attempt)
            }
        }
        let response: HTTPResponse
        do {
            defer { inFlightLimit?.release() }
            response = try await sendHoldingSlot(request, for: endpoint, attempt: attempt)
            // Refused credentials are refused for every request: none of those waiting for a slot is sent. Halting
            // before the release means the slot cannot pass to one of them first.
            if response.status == 401, credentials != nil { inFlightLimit?.halt() }
        }
        let retryAfter = retryAfter(of: response, for: endpoint)
        if response.status == 429 {
            metrics.recordThrottled()
            if let rateLimiter {
                await rateLimiter.throttled(retryAfter: retryAfter?.wait)
                if let wait = retryAfter?.wait, wait > .zero {
                    activity.paused(for: min(wait, rateLimiter.maximumPause))
                }
            }
        } else {
            // Any other answer, a 404 or a 500 included, got past the server's limit: the limiter measures them all.
            await rateLimiter?.admitted()
        }
        guard response.isSuccess else {
            let reason = ClientError.Reason.httpStatus(response.status, message: errorMessage(response))
            var error = ClientError(endpoint: endpoint.logDescription, reason: reason, attempts: attempt)
            error.retryAfter = response.header("Retry-After")
            throw error
        }
        return response
    }

    /// The `Retry-After` of a response that will be retried or paces the rate limiter, held to the policy's cap; a
    /// value over the cap is noted for the log.
    private func retryAfter<E: Endpoint>(of response: HTTPResponse, for endpoint: E) -> RetryPolicy.RetryAfter? {
        guard response.status == 429 || RetryPolicy.decision(forStatus: response.status).retries,
            let header = response.header("Retry-After"), let retryAfter = retryPolicy.retryAfter(header)
        else { return nil }
        if retryAfter.isClamped {
            activity.notice(
                "\(endpoint.logDescription): HTTP \(response.status) asked to wait \(SafeText.quoted(header)) "
                    + "(Retry-After); waiting \(retryAfter.wait.secondsText), the cap")
        }
        return retryAfter
    }

    /// Waits for the rate limiter's token and sends; transport failures become ``ClientError``s.
    private func sendHoldingSlot<E: Endpoint>(_ request: HTTPRequest, for endpoint: E, attempt: Int)
        async
        throws(ClientError) -> HTTPResponse
    {
        if let rateLimiter {
            do { try await rateLimiter.acquire() } catch {
                throw ClientError(endpoint: endpoint.logDescription, reason: .cancelled, attempts: attempt)
            }
        }
        metrics.recordAttempt(isRetry: attempt > 1)
        let onTheWire = activity.begin(.onTheWire, endpoint.logDescription)
        defer { activity.end(onTheWire) }
        do {
            return try await sendFollowingRedirects(request)
        } catch let error as TransportError {
            throw ClientError(
                endpoint: endpoint.logDescription, reason: error.kind == .cancelled ? .cancelled : .transport(error),
                attempts: attempt)
        } catch is CancellationError {
            throw ClientError(endpoint: endpoint.logDescription, reason: .cancelled, attempts: attempt)
        } catch {
            // A transport that throws something else: keep only its type name, never its text (it may quote a URL).
            let wrapped = TransportError(kind: .other, url: request.url, reason: "\(type(of: error))")
            throw ClientError(endpoint: endpoint.logDescription, reason: .transport(wrapped), attempts: attempt)
        }
    }

    /// Decodes a 2xx response with the endpoint, wrapping failures with the start of the body.
    func decode<E: Endpoint>(_ response: HTTPResponse, for endpoint: E) throws(ClientError) -> E.Response {
        do {
            return try endpoint.decodeResponse(response)
        } catch let error as ClientError {
            throw error
        } catch let error as UnacceptableBody {
            throw ClientError(endpoint: endpoint.logDescription, reason: .unacceptableBody(error.reason))
        } catch {
            throw ClientError(
                endpoint: endpoint.logDescription,
                reason: .decoding(DecodingErrorDescription.describe(error), bodyPrefix: Self.prefix(of: response.body)))
        }
    }

    /// The first 200 bytes of a body as text, for error messages; ``ClientError`` escapes it when it is printed.
    static func prefix(of body: Data) -> String {
        let head = body.prefix(200)
        return URLRedaction.redact(text: String(decoding: head, as: UTF8.self))
    }
}

/// Thrown by an endpoint's `decodeResponse` when a 2xx body is not acceptable at all (wrong content type,
/// not an image), as opposed to JSON that fails to decode.
public struct UnacceptableBody: Error, Sendable, CustomStringConvertible {
    /// Why the body was refused.
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
