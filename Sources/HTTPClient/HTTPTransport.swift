/// The seam between the client and the network: send one request, get status, headers and body back.
///
/// URLSession is one conformer (``URLSessionTransport``); tests use stubs. A conformer throws
/// ``TransportError`` for failures below HTTP (connection refused, reset, timeout, truncated body);
/// any HTTP status, including 4xx and 5xx, is a response, not an error.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the complete response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
