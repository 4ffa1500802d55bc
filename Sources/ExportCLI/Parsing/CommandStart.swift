/// The start every command shares: parse the arguments, answer `--help`, and turn a ``UsageError`` into one
/// `error:` line and exit code 2. What is left for the command is its own work.
enum CommandStart<Settings> {
    /// Go on with these settings.
    case run(Settings)
    /// Stop with this code; help or the error has been printed.
    case exit(ExitCode)

    /// Parses `arguments` against `specification`, prints `help` for `--help`/`-h`, and checks the rest with
    /// `validate`, which throws a ``UsageError`` for anything wrong.
    static func parse(
        _ arguments: [String], command: String, specification: ParsedArguments.Specification, help: String,
        console: Console, validate: (ParsedArguments) throws(UsageError) -> Settings
    ) -> CommandStart {
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, command: command, specification: specification)
            if parsed.flags.contains("help") {
                console.out(help + "\n")
                return .exit(.success)
            }
            return .run(try validate(parsed))
        } catch {
            console.err("error: \(error.message)\n")
            return .exit(.usage)
        }
    }
}
