import Exporter
import Foundation
import HTTPClient

/// The `tmdb-export` command: dispatches to `export` and `sandbox`, prints help and the version.
public enum TMDBExportCommand {
    /// The top-level help text.
    public static let help = """
        USAGE: tmdb-export <command> [options]

        A batch exporter for The Movie Database (TMDB): job files in, CSV, NDJSON and posters out.

        COMMANDS:
          export      Run a job file (see tmdb-export export --help).
          validate    Check job files without network (see tmdb-export validate --help).
          plan        Print the requests a job would make and how long it would take (see tmdb-export plan --help).
          sandbox     Serve the built-in TMDB look-alike on 127.0.0.1 (see tmdb-export sandbox --help).

        OPTIONS:
          --version   Print the version.
          -h, --help  Show this help.

        EXAMPLES:
          tmdb-export export --job jobs/top_rated.json --sandbox
          tmdb-export validate jobs/*.json
          tmdb-export plan top_rated --resolve --sandbox
          tmdb-export sandbox --port 8765
        """

    /// Runs the command line (without the program name) and returns the exit code.
    public static func main(
        _ arguments: [String], console: Console = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        guard let command = arguments.first else {
            console.err(help + "\n")
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "export":
            return await ExportCommand.run(rest, console: console, environment: environment).rawValue
        case "validate":
            return ValidateCommand.run(rest, console: console).rawValue
        case "plan":
            return await PlanCommand.run(rest, console: console, environment: environment).rawValue
        case "sandbox":
            return SandboxCommand.run(rest, console: console).rawValue
        case "--help", "-h", "help":
            console.out(help + "\n")
            return ExitCode.success.rawValue
        case "--version", "version":
            console.out("tmdb-export \(ToolVersion.current)\n")
            return ExitCode.success.rawValue
        default:
            let hint = Suggestions.hint(for: command, in: ["export", "validate", "plan", "sandbox"])
            console.err(
                "error: unknown command \"\(command)\"\(hint) (expected export, validate, plan or sandbox; see --help)\n")
            return ExitCode.usage.rawValue
        }
    }
}
