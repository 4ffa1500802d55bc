import Foundation

/// One API operation: where it lives, what it asks, and the type its answer decodes to.
///
/// A call site reads `try await client.send(Movies.TopRated(page: 3))` and the compiler knows the result is a page
/// of movies. The client builds the URL from `path` and `queryItems`, adds credentials,
/// sends it, turns non-2xx answers into ``ClientError`` and only then asks the endpoint to decode the body.
public protocol Endpoint: Sendable {
    /// The type the response body decodes to.
    associatedtype Response: Decodable & Sendable

    /// The path relative to the client's base URL, without a leading slash, e.g. `movie/top_rated`.
    var path: String { get }
    /// The request method; GET unless the endpoint says otherwise.
    var method: HTTPMethod { get }
    /// Query items, in the order they are sent. Credentials are added by the client, never here.
    var queryItems: [URLQueryItem] { get }
    /// Turns a successful (2xx) response into the endpoint's response value.
    /// The default decodes the body as JSON with ``JSONDecoder``.
    func decodeResponse(_ response: HTTPResponse) throws -> Response
}

extension Endpoint {
    /// GET by default.
    public var method: HTTPMethod { .get }
    /// No query items by default.
    public var queryItems: [URLQueryItem] { [] }
    /// Decodes the body as JSON.
    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        try JSONDecoder().decode(Response.self, from: response.body)
    }
    /// A short, credential-free name for logs and errors: method, path and query, e.g. `GET movie/popular?page=2`.
    public var logDescription: String {
        let query = queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return "\(method.rawValue) \(path)" + (query.isEmpty ? "" : "?\(query)")
    }
}
