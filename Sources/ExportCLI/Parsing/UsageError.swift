/// A command-line mistake: one line saying what is wrong and what was expected, printed after `error: `.
struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
