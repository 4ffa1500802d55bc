import Exporter
import Foundation

/// `tmdb-export validate JOB…`: checks job files without touching the network or the output.
public struct ValidateCommand: Sendable {
    /// The help text.
    public static let help = """
        USAGE: tmdb-export validate JOB...

        Checks job files without network: JSON syntax, every key and value, page ranges, endpoints and their
        params/query. Prints one line per valid file; every problem as FILE:LINE: FIELD: what is wrong (expected ...).

        OPTIONS:
          -h, --help            Show this help.

        EXIT CODES:
          0 every file is valid, 2 a file is invalid or missing.

        EXAMPLES:
          tmdb-export validate jobs/*.json
          tmdb-export validate top_rated
        """

    /// Runs the command and returns its exit code.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let files: [String]
        switch CommandStart.parse(
            arguments, command: "validate", specification: .init(options: [], flags: ["help"]), help: help,
            console: console,
            validate: { parsed throws(UsageError) in
                guard !parsed.positionals.isEmpty else {
                    throw UsageError("validate: name at least one job file (e.g. tmdb-export validate jobs/*.json)")
                }
                return parsed.positionals
            })
        {
        case .exit(let code): return code
        case .run(let named): files = named
        }
        var allValid = true
        for argument in files where !argument.hasSuffix("schema.json") {
            do {
                let job = try JobLoader().load(argument)
                let requests = job.requests.map { "\($0.endpoint) \($0.pages)" }.joined(separator: ", ")
                console.out("\(JobLoader().resolve(argument)): ok: \(job.name): \(requests)\n")
            } catch {
                allValid = false
                for line in error.lines { console.err("error: \(line)\n") }
            }
        }
        return allValid ? .success : .usage
    }
}
