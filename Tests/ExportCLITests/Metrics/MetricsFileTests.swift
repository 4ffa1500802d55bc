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

    @Test(
        "leaves a FIFO, a symbolic link or a directory at the path as it was, with a one-line warning naming it",
        arguments: PathOccupant.allCases)
    func otherKinds(occupant: PathOccupant) throws {
        let folder = try TemporaryDirectory(prefix: "metrics")
        defer { folder.remove() }
        let path = folder.path + "/tmdb_export.prom"
        try occupant.make(at: path)
        let before = PathOccupant.state(at: path)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let captured = CapturedConsole()

        MetricsFile(path: path).write(Self.metrics, console: captured.console, format: .text)

        #expect(
            captured.err
                == "warning: --metrics-file not written: cannot write \(path): it is \(occupant.kindName), not a "
                + "regular file, and is left as it is (the exit code does not change)\n")
        #expect(PathOccupant.state(at: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    }

    @Test("says so as a JSON warning when the log is JSON")
    func otherKindAsJSON() throws {
        let folder = try TemporaryDirectory(prefix: "metrics")
        defer { folder.remove() }
        let path = folder.path + "/tmdb_export.prom"
        try PathOccupant.fifo.make(at: path)
        let captured = CapturedConsole()

        MetricsFile(path: path).write(Self.metrics, console: captured.console, format: .json)

        #expect(captured.err.hasPrefix(#"{"time":""#))
        #expect(
            captured.err.contains(
                #""event":"warning","message":"--metrics-file not written: cannot write \#(path): it is a FIFO"#))
        #expect(captured.err.hasSuffix("}\n") && captured.err.filter { $0 == "\n" }.count == 1)
    }
}
