import Foundation

/// Runs the built `tmdb-export` binary and captures its exit code and output.
struct BinaryRunner {
    struct Result {
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary in the build folder the test bundle was built into.
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("tmdb-export").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("tmdb-export")
    }

    /// Runs the binary with arguments and an environment that holds no TMDB credentials unless given, and waits.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil) throws
        -> Result
    {
        try start(arguments, environment: extra, directory: directory).finish()
    }

    /// A binary started in the background.
    final class Running {
        let process: Process
        private let scratch: URL

        fileprivate init(process: Process, scratch: URL) {
            self.process = process
            self.scratch = scratch
        }

        /// Waits for the process and returns what it printed.
        func finish() throws -> Result {
            process.waitUntilExit()
            defer { try? FileManager.default.removeItem(at: scratch) }
            return Result(
                exitCode: process.terminationStatus,
                stdout: try String(contentsOf: scratch.appendingPathComponent("stdout"), encoding: .utf8),
                stderr: try String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8))
        }
    }

    /// Starts the binary without waiting for it. Output goes to files rather than pipes, so a chatty child can
    /// never block on a full pipe.
    static func start(
        _ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil,
        shellPrefix: String? = nil
    ) throws -> Running {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tmdb-export-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: scratch.path])
        }
        let process = Process()
        if let shellPrefix {
            // e.g. "ulimit -f 100": set a limit in a shell, then exec the binary in its place.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shellPrefix + "; exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMDB_API_TOKEN"] = nil
        environment["TMDB_API_KEY"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        return Running(process: process, scratch: scratch)
    }
}
