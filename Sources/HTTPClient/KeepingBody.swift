import Foundation

/// Wraps an endpoint so its response keeps the raw body next to the decoded value, e.g. to cache a page on disk
/// exactly as the server sent it.
public struct KeepingBody<Inner: Endpoint>: Endpoint {
    /// The decoded value and the bytes it came from.
    public struct Response: Decodable, Sendable {
        /// The inner endpoint's decoded response.
        public var value: Inner.Response
        /// The body as received.
        public var body: Data

        /// Creates a response.
        public init(value: Inner.Response, body: Data) {
            self.value = value
            self.body = body
        }

        /// Not decodable on its own: it is built by ``KeepingBody/decodeResponse(_:)``.
        public init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "KeepingBody.Response is built from a response, not decoded"))
        }
    }

    /// The wrapped endpoint.
    public var inner: Inner

    /// Wraps an endpoint.
    public init(_ inner: Inner) { self.inner = inner }

    /// The inner endpoint's path.
    public var path: String { inner.path }
    /// The inner endpoint's method.
    public var method: HTTPMethod { inner.method }
    /// The inner endpoint's query items.
    public var queryItems: [URLQueryItem] { inner.queryItems }

    /// Decodes with the inner endpoint and keeps the body.
    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        Response(value: try inner.decodeResponse(response), body: response.body)
    }
}
