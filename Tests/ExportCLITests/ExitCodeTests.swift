import Glibc
import HTTPClient
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import ExportCLI
@testable import Exporter

@Suite("Exit codes")
struct ExitCodeTests {
    static let unauthorized = ClientError(
        endpoint: "GET movie/popular?page=1",
        reason: .httpStatus(401, message: "Invalid API key"))
    static let serverError = ClientError(
        endpoint: "GET movie/popular?page=1", reason: .httpStatus(500, message: nil))
    static let portInUse = SandboxError.cannotListen(port: 8765, errno: EADDRINUSE)
    static let missingJob = JobFileError(file: "job.json", problems: [.init(field: "", message: "no such job file")])
    static let fileTooLarge = OutputError(operation: "write", path: "out/x.csv", reason: "File too large")
    static let emptyExport = ExportDrop(
        type: .movie, files: ["movie_ids_03_06_2026.json.gz"], kind: .noLines, snapshot: "20260305T120000Z")

    @Test(
        "maps every failure to the code the README documents",
        arguments: [
            (CommandFailure.noCommand, ExitCode.usage),
            (.usage(UsageError("export: --job PATH is required")), .usage),
            (.invalidJob(missingJob), .usage),
            (.invalidJobFiles, .usage),
            (.sandboxNotStarted(portInUse), .partialFailure),
            (.sandboxFailed(portInUse), .partialFailure),
            (.resolveFailed(unauthorized), .credentialsRejected),
            (.resolveFailed(serverError), .partialFailure),
            (.exportStopped(.authentication(unauthorized)), .credentialsRejected),
            (.exportStopped(.setup(serverError)), .partialFailure),
            (.exportStopped(.invalidPosterSize("w1", offered: ["w92"])), .usage),
            (.exportStopped(.output(fileTooLarge)), .partialFailure),
            (.exportStopped(.interrupted), .interrupted),
            (.exportStopped(.locked("out/job/.lock")), .partialFailure),
            (.exportStopped(.stalled(after: .seconds(750), waiting: [])), .partialFailure),
            (.exportStopped(.unexpectedDrop(emptyExport)), .partialFailure),
            (.finishedWithFailures, .partialFailure),
            (.signalled(SIGINT), .interrupted),
            (.signalled(SIGTERM), .terminated),
        ])
    func mapping(failure: CommandFailure, expected: ExitCode) {
        #expect(ExitCode(for: failure) == expected)
    }

    @Test("keeps the documented numbers")
    func numbers() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 130, 143])
    }

    @Test("the README's exit-code table lists every code, and no other")
    func documented() throws {
        let readme = try packageFile("README.md")
        let section = try #require(readme.components(separatedBy: "\n## Exit codes\n").dropFirst().first)
        let codes = section.components(separatedBy: "\n## ")[0].split(separator: "\n").compactMap { line in
            line.hasPrefix("| ") ? Int32(line.dropFirst(2).prefix { $0.isNumber }) : nil
        }
        #expect(codes == ExitCode.allCases.map(\.rawValue))
    }
}
