import Foundation
import TestSupport

/// Debian's `chromium`, headless, opening a page from disk as a reader's browser would: `--dump-dom` prints the
/// document after its scripts ran, `--screenshot` draws it, and `--enable-logging=stderr --v=0` writes every
/// console message the page caused (an uncaught error included) to stderr as a `:CONSOLE` line.
struct HeadlessChromium {
    let binary: String

    /// The `chromium` on `PATH`, if there is one.
    static let onPath: HeadlessChromium? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = (String(folder) as NSString).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate) { return HeadlessChromium(binary: candidate) }
        }
        return nil
    }()

    /// Set by `.ci/run`, which installs Chromium: there, a missing Chromium fails the tests instead of skipping them.
    static let isRequired = ProcessInfo.processInfo.environment["TMDB_EXPORT_REQUIRE_CHROMIUM"] == "1"

    /// Whether the tests that need Chromium run: when it is installed, or when CI requires it.
    static let shouldRun = onPath != nil || isRequired

    /// Where the tests keep what they draw: `.build/test-artifacts/` in the package (git-ignored).
    static let artifacts = (packageRoot as NSString).appendingPathComponent(".build/test-artifacts")

    struct Result {
        /// stdout: the DOM with `--dump-dom`.
        var output: String
        /// stderr: Chromium's log, the page's console messages among it.
        var log: String

        /// The page's console messages, one line each.
        var consoleMessages: [String] { log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init) }
    }

    /// The page's DOM after load.
    func dumpDOM(of file: String) async throws -> Result {
        try await run(["--dump-dom", URL(fileURLWithPath: file).absoluteString])
    }

    /// Draws the page into a PNG file, at the window size the README's screenshots use.
    func screenshot(of file: String, to png: String, width: Int = 1280, height: Int = 2000) async throws -> Result {
        try FileManager.default.createDirectory(
            atPath: (png as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try await run([
            "--screenshot=\(png)", "--window-size=\(width),\(height)", "--hide-scrollbars",
            URL(fileURLWithPath: file).absoluteString,
        ])
    }

    /// Runs Chromium with its own profile folder (two at once must not share one: the second would hand its page to
    /// the first and exit), output to files, and waits on a thread of its own.
    private func run(_ arguments: [String]) async throws -> Result {
        let scratch = try TemporaryDirectory(prefix: "tmdb-export-chromium")
        defer { scratch.remove() }
        let stdout = try scratch.write("", to: "stdout")
        let stderr = try scratch.write("", to: "stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=\((scratch.path as NSString).appendingPathComponent("profile"))",
            ] + arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        try process.run()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitUntilExit()
                done.resume()
            }.start()
        }
        let result = Result(output: try scratch.read("stdout"), log: try scratch.read("stderr"))
        guard process.terminationStatus == 0 else {
            throw ChromiumFailure(status: process.terminationStatus, log: result.log)
        }
        return result
    }

    struct ChromiumFailure: Error, CustomStringConvertible {
        var status: Int32
        var log: String
        var description: String { "chromium exited with \(status): \(log.suffix(2000))" }
    }
}
