import Exporter

/// A command's arguments split into flags, options with values and positionals, checked against the options the
/// command declares. `--name value` and `--name=value` are both accepted; `--` ends options.
struct ParsedArguments: Sendable {
    private let declared: [OptionDeclaration]
    private var flags: Set<String> = []
    /// Last one wins.
    private var values: [String: String] = [:]
    /// In order.
    private(set) var positionals: [String] = []

    /// - Throws: ``UsageError`` for an undeclared option (with a suggestion), a missing value, or a value given to a
    ///   flag. `command` names the command in the message.
    init(_ arguments: [String], command: String, options declared: [OptionDeclaration]) throws(UsageError) {
        self.declared = declared
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
            guard argument.hasPrefix("--") else {
                let letter = argument.count == 2 ? argument.last : nil
                guard let short = declared.first(where: { $0.shortName != nil && $0.shortName == letter }) else {
                    throw UsageError("\(command): unknown option \(argument) (options start with --; see --help)")
                }
                flags.insert(short.name)
                continue
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
            guard let option = declared.first(where: { $0.name == name }) else {
                let hint = Suggestions.hint(for: "--" + name, in: declared.map { "--" + $0.name })
                throw UsageError("\(command): unknown option --\(name)\(hint) (see \(command) --help)")
            }
            if !option.takesValue {
                guard inlineValue == nil else { throw UsageError("\(command): --\(name) takes no value") }
                flags.insert(name)
            } else if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("\(command): --\(name) needs a value (see --help)")
                }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    func isSet(_ name: String) -> Bool {
        assert(declared.contains { $0.name == name && !$0.takesValue }, "--\(name) is not a declared flag")
        return flags.contains(name)
    }

    func value(_ name: String) -> String? {
        assert(declared.contains { $0.name == name && $0.takesValue }, "--\(name) is not a declared option")
        return values[name]
    }

    /// An integer option within a range, or nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(command): --\(name) \"\(text)\" is not valid (expected an integer from \(range.lowerBound) to "
                    + "\(range.upperBound))")
        }
        return number
    }

    /// `--rate-limit`: requests per second from 0 (no limit) to the most a job may set, or nil when absent.
    func rateLimit(command: String) throws(UsageError) -> Double? {
        guard let text = value("rate-limit") else { return nil }
        guard let rate = Double(text), rate >= 0, rate <= Job.maximumRateLimit else {
            throw UsageError(
                "\(command): --rate-limit \"\(text)\" is not valid (expected requests per second from 0 to "
                    + "\(Int(Job.maximumRateLimit)); 0 means no limit)")
        }
        return rate
    }
}
