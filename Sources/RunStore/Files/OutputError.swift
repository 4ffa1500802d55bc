import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A failure to write the output tree, naming the path and the system's reason.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, e.g. `write`, `rename`, `create folder`.
    public var operation: String
    /// The path involved.
    public var path: String
    /// The system's explanation, e.g. `No space left on device`.
    public var reason: String

    /// Creates an error.
    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// An error from the current `errno`.
    public static func fromErrno(_ operation: String, path: String, errno code: Int32 = errno) -> OutputError {
        OutputError(operation: operation, path: path, reason: String(cString: strerror(code)))
    }

    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
