/// One request the sandbox answered, as kept in ``SandboxServer/requestLog()``.
public struct SandboxRequestRecord: Sendable, Equatable {
    /// Request method, e.g. `GET`.
    public var method: String
    /// Path as sent, without the query, e.g. `/3/movie/popular`.
    public var path: String
    /// Full request target as sent, with the query, e.g. `/3/movie/popular?page=2&language=en-US`.
    public var target: String
    /// HTTP status answered (200 also for truncated bodies, malformed JSON and HTML posters).
    public var status: Int
    /// Whether this was a request for an image under `/t/p/`.
    public var isPoster: Bool
    /// The catalogue poster path the request named (decoded, with its leading `/`), when it named one; the key of
    /// ``SandboxServer/posterFetchCounts()``.
    public var posterPath: String?
    /// The fault injected into the response, if any.
    public var fault: SandboxFault?

    /// Creates a record.
    public init(
        method: String, path: String, target: String, status: Int, isPoster: Bool, posterPath: String? = nil,
        fault: SandboxFault? = nil
    ) {
        self.method = method
        self.path = path
        self.target = target
        self.status = status
        self.isPoster = isPoster
        self.posterPath = posterPath
        self.fault = fault
    }
}
