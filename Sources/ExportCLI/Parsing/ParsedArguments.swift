import Exporter

/// A command's arguments split into flags, options with values and positionals, checked against what the command
/// accepts. `--name value` and `--name=value` are both accepted; `--` ends options.
public struct ParsedArguments: Sendable {
    /// What a command accepts.
    public struct Specification: Sendable {
        /// Options that take a value, without the leading `--`.
        public var options: [String]
        /// Options that take no value.
        public var flags: [String]
        /// Creates a specification.
        public init(options: [String], flags: [String]) {
            self.options = options
            self.flags = flags
        }
    }

    /// Flags given.
    public private(set) var flags: Set<String> = []
    /// Options given, last one wins.
    public private(set) var options: [String: String] = [:]
    /// Everything else, in order.
    public private(set) var positionals: [String] = []

    /// Parses `arguments` for a command called `command`.
    /// - Throws: ``UsageError`` for unknown options (with a suggestion) or a missing value.
    public init(_ arguments: [String], command: String, specification: Specification) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError("\(command): unknown option \(argument) (options start with --; see --help)")
            }
            let body = argument.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            if specification.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(command): --\(name) takes no value") }
                flags.insert(name)
            } else if specification.options.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw UsageError("\(command): --\(name) needs a value (see --help)")
                    }
                    options[name] = arguments[index]
                    index += 1
                }
            } else {
                let known = (specification.options + specification.flags).map { "--" + $0 }
                let hint = Suggestions.hint(for: "--" + name, in: known)
                throw UsageError("\(command): unknown option --\(name)\(hint) (see \(command) --help)")
            }
        }
    }

    /// An integer option within a range, or nil when absent.
    public func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(command): --\(name) \"\(text)\" is not valid (expected an integer from \(range.lowerBound) to "
                    + "\(range.upperBound))")
        }
        return value
    }

    /// `--rate-limit`: requests per second from 0 (no limit) to the most a job may set, or nil when absent.
    public func rateLimit(command: String) throws(UsageError) -> Double? {
        guard let text = options["rate-limit"] else { return nil }
        guard let rate = Double(text), rate >= 0, rate <= Job.maximumRateLimit else {
            throw UsageError(
                "\(command): --rate-limit \"\(text)\" is not valid (expected requests per second from 0 to "
                    + "\(Int(Job.maximumRateLimit)); 0 means no limit)")
        }
        return rate
    }
}
