import Foundation

/// A transport-neutral HTTP request: what the client asks a transport to send.
public struct HTTPRequest: Sendable, Hashable {
    /// Where a successful answer's body goes instead of memory: a file written as the bytes arrive.
    public struct BodyFile: Sendable, Hashable {
        /// The file, created or truncated at the start of each attempt's 2xx body.
        public var path: String
        /// The most bytes the file may receive (decoded); a body past it fails the attempt as too large.
        public var maximumBytes: Int

        public init(path: String, maximumBytes: Int) {
            self.path = path
            self.maximumBytes = max(0, maximumBytes)
        }
    }

    /// The absolute URL, query included.
    public var url: URL
    /// The request method.
    public var method: HTTPMethod
    /// Header fields; names are sent as given.
    public var headers: [String: String]
    /// How long the transport may wait for the whole response before failing with a timeout.
    public var timeout: Duration
    /// When set, a 2xx body is written to this file as it arrives and the response's `body` is empty; the body of
    /// any other status stays in memory, for its error message.
    public var bodyFile: BodyFile?

    /// Creates a request.
    public init(
        url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], timeout: Duration = .seconds(30),
        bodyFile: BodyFile? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeout = timeout
        self.bodyFile = bodyFile
    }
}
