/// What a subcommand is called, what it accepts and what its `--help` says; the parser and the help both read it.
struct CommandConfiguration: Sendable {
    /// The word after `tmdb-export`.
    var name: String
    /// One line for the top-level help's command list, without a final period.
    var abstract: String
    /// What follows `tmdb-export NAME` on the usage line.
    var usage: String
    /// The paragraph under the usage line, wrapped as it should print.
    var discussion: String
    /// In the order help lists them; `-h, --help` is added after them.
    var options: [OptionDeclaration]
    /// Between `OPTIONS:` and `EXAMPLES:` (credentials, exit codes, signals).
    var sections: [HelpSection] = []
    var examples: [String]

    var acceptedOptions: [OptionDeclaration] { options + [.help] }

    /// The text `--help` prints.
    var help: String {
        HelpText.render(
            usage: "tmdb-export \(name) \(usage)", discussion: discussion,
            sections: [HelpSection("OPTIONS", rows: acceptedOptions.map(\.helpRow))] + sections
                + [.examples(examples)],
            labelWidth: 22)
    }
}

/// A subcommand of `tmdb-export`, in swift-argument-parser's shape: a declared ``configuration``, a ``validate(_:)``
/// that turns the parsed arguments into settings without touching the network or the disk, and
/// ``run(_:console:environment:)``, which does the work.
protocol Subcommand {
    associatedtype Settings: Sendable

    static var configuration: CommandConfiguration { get }

    /// - Throws: ``UsageError`` for anything wrong with the arguments.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> Settings

    /// - Throws: why the command did not succeed; reported and turned into an exit code at the top level.
    static func run(_ settings: Settings, console: Console, environment: [String: String]) async throws(CommandFailure)
}

extension Subcommand {
    static var help: String { configuration.help }

    /// Parses `arguments` (those after the command's name), prints help for `--help`, and otherwise runs with the
    /// validated settings.
    static func main(
        _ arguments: [String], console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        let settings: Settings
        do throws(UsageError) {
            let parsed = try ParsedArguments(
                arguments, command: configuration.name, options: configuration.acceptedOptions)
            if parsed.isSet(OptionDeclaration.help.name) {
                console.out(help)
                return
            }
            settings = try validate(parsed)
        } catch {
            throw .usage(error)
        }
        try await run(settings, console: console, environment: environment)
    }
}
