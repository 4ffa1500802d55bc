/// A command-line mistake: one line saying what is wrong and what was expected. Exit code 2.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public var message: String
    /// Creates the error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
