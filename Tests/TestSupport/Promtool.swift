import Foundation

/// Prometheus' `promtool` (Debian's `prometheus` package), which checks metrics files and rule files.
public enum Promtool {
    /// The program, when it is on the PATH.
    public static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/promtool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Set by CI (`TMDB_EXPORT_REQUIRE_PROMTOOL=1`): a missing promtool fails the tests instead of skipping them.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["TMDB_EXPORT_REQUIRE_PROMTOOL"] == "1" }

    /// Runs promtool with `arguments`, the file at `input` (if any) on its standard input, and returns its exit status
    /// and what it printed on stdout and stderr together. The wait has a thread of its own.
    public static func run(_ arguments: [String], input: String? = nil) async throws -> (status: Int32, output: String)
    {
        guard let path else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "promtool"]) }
        let scratch = try TemporaryDirectory(prefix: "promtool")
        defer { scratch.remove() }
        let outputPath = try scratch.write("", to: "output")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        try process.run()
        try await onOwnThread { process.waitUntilExit() }
        return (process.terminationStatus, try scratch.read("output"))
    }
}
