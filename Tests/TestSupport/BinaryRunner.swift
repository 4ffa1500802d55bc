import Foundation

/// Runs the built `tmdb-export` binary and captures its exit code and output.
public enum BinaryRunner {
    public struct Result: Sendable {
        public var exitCode: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The binary in the build folder the test bundle was built into.
    public static var binary: URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("tmdb-export").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("tmdb-export")
    }

    /// Runs the binary with arguments and an environment that holds no TMDB credentials unless given, and waits.
    /// - Parameter directory: the working directory; the test process's when nil.
    public static func run(_ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil)
        async throws -> Result
    {
        try await start(arguments, environment: extra, directory: directory).finish()
    }

    /// A binary started in the background.
    public final class Running {
        public let process: Process
        private let scratch: TemporaryDirectory

        fileprivate init(process: Process, scratch: TemporaryDirectory) {
            self.process = process
            self.scratch = scratch
        }

        /// Waits for the process and returns what it printed. The wait blocks a thread of its own, never one of
        /// the few the tests' tasks share: a child running for seconds must not stall every other test's awaits.
        public func finish() async throws -> Result {
            let process = self.process
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    process.waitUntilExit()
                    done.resume()
                }.start()
            }
            defer { scratch.remove() }
            return Result(
                exitCode: process.terminationStatus, stdout: try scratch.read("stdout"),
                stderr: try scratch.read("stderr"))
        }
    }

    /// Starts the binary without waiting for it. Output goes to files rather than pipes, so a chatty child can
    /// never block on a full pipe.
    /// - Parameters:
    ///   - shellPrefix: shell commands to run first in the child's shell, e.g. `ulimit -f 100`.
    ///   - tracer: a program and its arguments that run the binary, e.g. `["/usr/bin/strace", "-f"]`.
    public static func start(
        _ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil,
        shellPrefix: String? = nil, tracer: [String] = []
    ) throws -> Running {
        let scratch = try TemporaryDirectory(prefix: "tmdb-export-run")
        let outPath = try scratch.write("", to: "stdout")
        let errPath = try scratch.write("", to: "stderr")
        let process = Process()
        if let shellPrefix {
            // Set the limit in a shell, then exec the binary in its place.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shellPrefix + "; exec \"$0\" \"$@\"", binary.path] + arguments
        } else if let program = tracer.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = tracer.dropFirst() + [binary.path] + arguments
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
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        return Running(process: process, scratch: scratch)
    }
}
