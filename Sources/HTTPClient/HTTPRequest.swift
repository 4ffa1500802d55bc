import Foundation

/// A transport-neutral HTTP request: what the client asks a transport to send.
public struct HTTPRequest: Sendable, Hashable {
    /// The absolute URL, query included.
    public var url: URL
    /// The request method.
    public var method: HTTPMethod
    /// Header fields; names are sent as given.
    public var headers: [String: String]
    /// How long the transport may wait for the whole response before failing with a timeout.
    public var timeout: Duration

    /// Creates a request.
    public init(url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], timeout: Duration = .seconds(30))
    {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeout = timeout
    }
}
