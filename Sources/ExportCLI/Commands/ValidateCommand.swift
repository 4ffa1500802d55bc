import Exporter
import Foundation
import HTTPClient

/// `tmdb-export validate JOB…`: checks job files without touching the network or the output.
struct ValidateCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "validate", abstract: "Check job files without network", usage: "JOB...",
        discussion: discussion,
        options: [],
        sections: [HelpSection("EXIT CODES", prose: "0 every file is valid, 2 a file is invalid or missing.")],
        examples: ["tmdb-export validate jobs/*.json", "tmdb-export validate top_rated"])

    private static let discussion = """
        Checks job files without network: JSON syntax, every key and value, page ranges, endpoints and their
        params/query. Prints one line per valid file; every problem as FILE:LINE: FIELD: what is wrong (expected ...).
        """

    /// The job files as named.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("validate: name at least one job file (e.g. tmdb-export validate jobs/*.json)")
        }
        return arguments.positionals
    }

    static func run(
        _ files: [String], console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        var allValid = true
        for argument in files where !argument.hasSuffix("schema.json") {
            do {
                let job = try JobLoader().load(argument)
                let requests =
                    (job.requests.map { "\($0.endpoint) \($0.pages)" }
                    + job.catalogue.map { "catalogue \($0.type.rawValue)" }
                    + job.dimensions.map { "catalogue \($0.type.rawValue)" }).joined(separator: ", ")
                console.out("\(JobLoader().resolve(argument)): ok: \(job.name): \(requests)\n")
            } catch {
                allValid = false
                for line in error.lines { console.err("error: \(SafeText.escaped(line))\n") }
            }
        }
        if !allValid { throw .invalidJobFiles }
    }
}
