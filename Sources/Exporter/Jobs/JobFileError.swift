/// Everything wrong with a job file, each problem as `file: field: what is wrong (expected …)`.
public struct JobFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem at one place in the file.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The field's path, e.g. `requests[1].pages`, or empty for the file itself.
        public var field: String
        /// What is wrong and what was expected.
        public var message: String
        /// The 1-based line the field is on, when known.
        public var line: Int?

        /// Creates a problem.
        public init(field: String, message: String, line: Int? = nil) {
            self.field = field
            self.message = message
            self.line = line
        }

        public var description: String { field.isEmpty ? message : "\(field): \(message)" }
    }

    /// The job file as the user named it.
    public var file: String
    /// The problems, in file order.
    public var problems: [Problem]

    /// Creates an error.
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// One line per problem, each starting with the file (and line, when known).
    public var lines: [String] {
        problems.map { problem in
            let location = problem.line.map { "\(file):\($0)" } ?? file
            return "\(location): \(problem)"
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}
