import Foundation
import HTTPClient
import RunReport
import RunStore

/// `--metrics-file PATH`: the run's metrics in Prometheus' text format, for node_exporter's textfile collector,
/// written at the end of every run however it ended. Atomically (a temporary file beside PATH, fsync, rename): the
/// collector reads either the previous night's file or tonight's, never half of one, and ignores the temporary name,
/// which does not end in `.prom`. Only a regular file is replaced: a symbolic link (even to a regular file), a FIFO, a
/// device or a directory at PATH is left as it is, with a warning.
struct MetricsFile: Sendable {
    var path: String

    /// `--metrics-file PATH`, as `export` and `merge` declare it.
    static let option = OptionDeclaration.option(
        "metrics-file", value: "PATH",
        help: "Write the run's metrics there when it ends, however it ends (Prometheus text, for node_exporter)")

    /// The file `--metrics-file` names, or nil when the option is absent.
    /// - Throws: ``UsageError`` for an empty path or one that ends in `/` (a folder, not a file).
    static func validated(_ arguments: ParsedArguments, command: String) throws(UsageError) -> MetricsFile? {
        guard let path = arguments.value(option.name) else { return nil }
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw UsageError(
                "\(command): --metrics-file \"\(path)\" is not valid (expected a file's path, e.g. "
                    + "/var/lib/node_exporter/textfile_collector/tmdb_export.prom)")
        }
        return MetricsFile(path: path)
    }

    /// Writes the file; a failure, or another kind of file than a regular one at the path, is a warning on stderr
    /// naming the path, never a change of the exit code: a monitoring file that cannot be written must not turn a
    /// good export into a failed one, and its absence (or its age) is what the monitoring alerts on.
    func write(_ metrics: RunMetrics, console: Console, format: ProgressReporter.Format) {
        do throws(OutputError) {
            try AtomicFileWriter.write(Data(metrics.exposition.utf8), to: path, regularFileOnly: true)
        } catch {
            let message = SafeText.escaped("--metrics-file not written: \(error) (the exit code does not change)")
            if format == .json {
                console.err(
                    JSONLine.encode([("time", Manifest.timestamp(Date())), ("event", "warning"), ("message", message)]))
            } else {
                console.err("warning: \(message)\n")
            }
        }
    }

    /// Runs `body` (a command), then writes `file`, if any, however it ended: success, failures, an error, or a
    /// signal, for which `body` calls the closure it is given just before an immediate exit (then without reading the
    /// kept snapshot's tables, so that stopping at once is not delayed).
    static func writing(
        _ file: MetricsFile?, observation: RunObservation, console: Console, format: ProgressReporter.Format,
        around body: (_ beforeExit: @escaping @Sendable (Int32) -> Void) async throws(CommandFailure) -> Void
    ) async throws(CommandFailure) {
        let write = { @Sendable (failure: CommandFailure?, atOnce: Bool) in
            guard let file else { return }
            let code = failure.map(ExitCode.init(for:)) ?? .success
            file.write(
                observation.metrics(endedBy: failure, exitCode: code, readingTables: !atOnce), console: console,
                format: format)
        }
        do throws(CommandFailure) {
            try await body { signal in write(.signalled(signal), true) }
        } catch {
            write(error, false)
            throw error
        }
        write(nil, false)
    }
}
