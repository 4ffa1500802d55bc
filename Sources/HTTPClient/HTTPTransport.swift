/// The seam between the client and the network: send one request, get status, headers and body back.
///
/// libcurl is one conformer (``CurlTransport``); tests use stubs. A conformer throws ``TransportError`` for
/// failures below HTTP (connection refused, reset, timeout, truncated body, over a cap); any HTTP status, including
/// 3xx, 4xx and 5xx, is a response, not an error. A request with a ``HTTPRequest/bodyFile`` has its 2xx body
/// written to that file as it arrives (the response's `body` then empty), within the file's own cap.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the complete response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
