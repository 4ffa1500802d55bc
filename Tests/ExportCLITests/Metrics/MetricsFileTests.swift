import Foundation
import RunReport
import TestSupport
import Testing

@testable import ExportCLI

@Suite("Writing --metrics-file")
struct MetricsFileTests {
    static let metrics = RunMetrics(
        job: "nightly", status: .complete, exitCode: 0, started: Date(timeIntervalSince1970: 1_795_400_000),
        finished: Date(timeIntervalSince1970: 1_795_400_100))

    @Test("replaces the previous file whole and leaves no temporary file beside it")
    func replaces() throws {
        let folder = try TemporaryDirectory(prefix: "metrics")
        defer { folder.remove() }
        let path = try folder.write("previous night\n", to: "tmdb_export.prom")
        let captured = CapturedConsole()

        MetricsFile(path: path).write(Self.metrics, console: captured.console, format: .text)

        #expect(try folder.read("tmdb_export.prom") == Self.metrics.exposition)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tmdb_export.prom"])
        #expect(captured.err.isEmpty)
    }

    @Test("warns on stderr, naming the path, when its folder is missing")
    func missingFolder() throws {
        let folder = try TemporaryDirectory(prefix: "metrics")
        defer { folder.remove() }
        let path = folder.path + "/no/such/folder/tmdb_export.prom"
        let captured = CapturedConsole()

        MetricsFile(path: path).write(Self.metrics, console: captured.console, format: .text)

        #expect(
            captured.err
                == "warning: --metrics-file not written: cannot create \(path): No such file or directory "
                + "(the exit code does not change)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("leaves what is at the path as it was when the rename fails, and says so as a JSON warning")
    func renameFails() throws {
        let folder = try TemporaryDirectory(prefix: "metrics")
        defer { folder.remove() }
        // A folder at the path: the temporary file is written, but cannot be renamed over it.
        try folder.write("kept\n", to: "tmdb_export.prom/inside")
        let path = folder.path + "/tmdb_export.prom"
        let captured = CapturedConsole()

        MetricsFile(path: path).write(Self.metrics, console: captured.console, format: .json)

        #expect(try folder.read("tmdb_export.prom/inside") == "kept\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tmdb_export.prom"])
        #expect(captured.err.hasPrefix(#"{"time":""#))
        #expect(captured.err.contains(#""event":"warning","message":"--metrics-file not written: cannot rename"#))
        #expect(captured.err.contains(path))
    }
}
