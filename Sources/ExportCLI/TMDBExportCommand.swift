import Exporter
import Foundation
import HTTPClient

/// The `tmdb-export` command: dispatches to its subcommands, prints help and the version.
public enum TMDBExportCommand {
    static var subcommands: [any Subcommand.Type] {
        [ExportCommand.self, ValidateCommand.self, PlanCommand.self, SandboxCommand.self, MergeCommand.self]
    }

    static let options: [OptionDeclaration] = [.flag("version", help: "Print the version"), .help]

    static var help: String {
        let commands = subcommands.map { $0.configuration }.map { command in
            HelpRow(command.name, "\(command.abstract) (see tmdb-export \(command.name) --help).")
        }
        return HelpText.render(
            usage: "tmdb-export <command> [options]",
            discussion:
                "A batch exporter for The Movie Database (TMDB): job files in, CSV, NDJSON and posters out.",
            sections: [
                HelpSection("COMMANDS", rows: commands), HelpSection("OPTIONS", rows: options.map(\.helpRow)),
                .examples([
                    "tmdb-export export --job jobs/top_rated.json --sandbox", "tmdb-export validate jobs/*.json",
                    "tmdb-export plan top_rated --resolve --sandbox", "tmdb-export sandbox --port 8765",
                ]),
            ],
            labelWidth: 12)
    }

    /// Runs the command line (without the program name) with the process's console and environment, and returns the
    /// exit status.
    public static func main(_ arguments: [String]) async -> Int32 {
        await main(arguments, console: .standard, environment: ProcessInfo.processInfo.environment)
    }

    static func main(_ arguments: [String], console: Console, environment: [String: String]) async -> Int32 {
        do throws(CommandFailure) {
            try await dispatch(arguments, console: console, environment: environment)
            return ExitCode.success.rawValue
        } catch {
            for line in error.lines { console.err("error: \(SafeText.escaped(line))\n") }
            return ExitCode(for: error).rawValue
        }
    }

    private static func dispatch(
        _ arguments: [String], console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        guard let name = arguments.first else {
            console.err(help)
            throw .noCommand
        }
        if let command = subcommands.first(where: { $0.configuration.name == name }) {
            try await command.main(Array(arguments.dropFirst()), console: console, environment: environment)
            return
        }
        switch name {
        case "--help", "-h", "help":
            console.out(help)
        case "--version", "version":
            console.out("tmdb-export \(ToolVersion.current)\n")
        default:
            let names = subcommands.map { $0.configuration.name }
            let hint = Suggestions.hint(for: name, in: names)
            let expected = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw .usage(UsageError("unknown command \"\(name)\"\(hint) (expected \(expected); see --help)"))
        }
    }
}
