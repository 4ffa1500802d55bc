import Foundation

/// ``HTTPTransport`` on the operating system's libcurl: its multi interface driven by one thread of our own
/// (``CurlEventLoop``), each transfer bridged to the waiting task by a continuation.
///
/// What a server sends cannot hang, crash or bloat the process:
/// - **Deadline**: one attempt, connecting included, ends after the request's `timeout` whatever the server does.
/// - **Low speed**: an attempt receiving less than ``LowSpeedLimit/bytesPerSecond`` for ``LowSpeedLimit/window``
///   (a stall before the headers or a trickled body) ends then, before its deadline.
/// - **Size caps** as bytes arrive: a declared `Content-Length` over ``Limits/maximumBodyBytes`` is refused before
///   the body is read; the cap counts decoded bytes, and gzip (asked for with `Accept-Encoding: gzip`) is decoded
///   here by ``GzipInflater`` within it; headers are capped too.
/// - **No redirects**: a 3xx comes back as a response (`APIClient` decides what to follow); only `http` and `https`.
/// - **Cancellation** resumes the caller at once and removes the transfer from libcurl, which stops it.
/// - A per-host connection cap; HTTP/2 over TLS where the server offers it, HTTP/1.1 otherwise; connections reused.
///
/// Failures are ``TransportError``s in words with libcurl's code; the retry decision for every code is in
/// `RetryDecision.swift`.
public final class CurlTransport: HTTPTransport {
    /// Less than `bytesPerSecond` for `window` ends an attempt (libcurl's `CURLOPT_LOW_SPEED_LIMIT`/`_TIME`).
    public struct LowSpeedLimit: Sendable, Hashable {
        public var bytesPerSecond: Int
        /// Counted in whole seconds, at least one.
        public var window: Duration

        public init(bytesPerSecond: Int, window: Duration) {
            self.bytesPerSecond = max(1, bytesPerSecond)
            self.window = window
        }

        /// 1 KiB/s for 10 s: a small JSON page takes milliseconds, so only a stalled or trickling server is this slow.
        public static let standard = LowSpeedLimit(bytesPerSecond: 1_024, window: .seconds(10))

        var wholeSeconds: Int { max(1, Int(window.seconds.rounded(.up))) }
    }

    /// The bounds every transfer of this transport keeps.
    public struct Limits: Sendable, Hashable {
        public var maximumConnectionsPerHost: Int
        /// The largest body accepted, counted after decoding.
        public var maximumBodyBytes: Int
        /// The most bytes of header lines accepted per answer.
        public var maximumHeaderBytes: Int
        /// nil: no low-speed abort, only the deadline.
        public var lowSpeed: LowSpeedLimit?
    }

    public let limits: Limits
    private let loop: CurlEventLoop

    /// - Parameters:
    ///   - maximumConnectionsPerHost: connections open to one host at most; set it to the concurrency.
    ///   - maximumBodyBytes: the largest body accepted, decoded (default 32 MiB).
    ///   - maximumHeaderBytes: the most bytes of headers accepted (default 64 KiB).
    ///   - lowSpeed: the low-speed abort, or nil for none.
    public init(
        maximumConnectionsPerHost: Int = 16, maximumBodyBytes: Int = 32 << 20, maximumHeaderBytes: Int = 64 << 10,
        lowSpeed: LowSpeedLimit? = .standard
    ) {
        limits = Limits(
            maximumConnectionsPerHost: max(1, maximumConnectionsPerHost), maximumBodyBytes: max(0, maximumBodyBytes),
            maximumHeaderBytes: max(1_024, maximumHeaderBytes), lowSpeed: lowSpeed)
        loop = CurlEventLoop(limits: limits)
    }

    deinit {
        loop.shutDown()
    }

    /// The largest body accepted, decoded.
    public var maximumBodyBytes: Int { limits.maximumBodyBytes }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await timedSend(request).outcome.get()
    }

    /// A transfer's outcome, and when it ended, read by the thread that ended it.
    package struct TimedOutcome: Sendable {
        package var outcome: Result<HTTPResponse, TransportError>
        /// When the event loop (libcurl finished the transfer) or the canceller resumed the caller. The caller's task
        /// runs again only once a thread of Swift's shared pool is free, which can be seconds later on a busy machine.
        package var ended: ContinuousClock.Instant
        /// From the request being handed over to ``ended``: the transport's own time, without that wait.
        package var lasted: Duration
    }

    /// ``send(_:)``, telling when the transfer ended: tests bound an attempt's time with it rather than with a clock
    /// read in their own task.
    /// - Throws: `CancellationError` if the task was cancelled before the transfer began.
    package func timedSend(_ request: HTTPRequest) async throws(CancellationError) -> TimedOutcome {
        let scheme = request.url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            let now = ContinuousClock.now
            let error = TransportError(
                kind: .unsupportedURL, url: request.url,
                reason: "only http and https URLs are fetched, not \"\(scheme.prefix(20))\"")
            return TimedOutcome(outcome: .failure(error), ended: now, lasted: .zero)
        }
        if Task.isCancelled { throw CancellationError() }
        let ticket = TransferTicket(request: request)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if ticket.wait(on: continuation) { loop.start(ticket) }
            }
        } onCancel: {
            if ticket.cancel() { loop.stop(ticket) }
        }
        // Set before the caller was resumed, by whoever resumed it.
        let ended = ticket.ended ?? .now
        return TimedOutcome(outcome: outcome, ended: ended, lasted: ended - ticket.began)
    }
}
