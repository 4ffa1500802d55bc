import Foundation
import TMDBAPI
import TestSupport
import Testing

@testable import RunStore

@Suite("failures.ndjson: every failure of a run beside its manifest, which only counts them")
struct FailuresFileTests {
    static let failures = [
        Manifest.Failure(.details(.movie, 550), reason: "HTTP 500: Internal error"),
        Manifest.Failure(.page(endpoint: "movie/popular", page: 3), reason: "timed out"),
        Manifest.Failure(.details(.tv, 1399), reason: "the answer is over the size limit"),
    ]

    @Test("writes one failure a line, as the manifest spells them, and reads them back once they match the manifest")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try #require(try FailuresFile.write(Self.failures, into: directory.path))
        let text = try String(contentsOfFile: directory.path + "/failures.ndjson", encoding: .utf8)
        #expect(
            text == #"""
                {"endpoint":"movie/550","reason":"HTTP 500: Internal error"}
                {"endpoint":"movie/popular","page":3,"reason":"timed out"}
                {"endpoint":"tv/1399","reason":"the answer is over the size limit"}

                """#)
        #expect(file.path == "failures.ndjson" && file.rows == 3 && file.bytes == text.utf8.count)
        #expect(try FailuresFile.read(file, in: directory.path) == Self.failures)
        #expect(try FailuresFile.write([], into: directory.path + "/none") == nil)
    }

    @Test("refuses a file that differs from the manifest's SHA-256, naming it")
    func refusesAChangedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try #require(try FailuresFile.write(Self.failures, into: directory.path))
        _ = try directory.write(#"{"endpoint":"movie/1","reason":"r"}"# + "\n", to: "failures.ndjson")
        #expect {
            _ = try FailuresFile.read(file, in: directory.path)
        } throws: { error in
            "\(error)".contains(directory.path + "/failures.ndjson")
                && "\(error)".contains("does not match its SHA-256 in the manifest")
        }
    }

    @Test("a manifest of an earlier version lists its failures itself; a new one points at failures.ndjson")
    func everyFailureWhicheverVersionWroteTheManifest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var manifest = Manifest(
            job: "j", runID: "r", resumed: false, status: .complete, startedAt: "", finishedAt: "",
            elapsedSeconds: 0, toolVersion: "", apiBaseURL: "", language: "en", concurrency: 1, requests: [],
            failures: Self.failures, apiRequests: 0, apiRetries: 0, throttled: 0, posterRequests: 0,
            posterRetries: 0, unsafePosterPaths: [])
        #expect(try manifest.allFailures(in: directory.path) == Self.failures)
        #expect(manifest.failuresTotal == 3)
        manifest.failuresFile = try FailuresFile.write(Self.failures, into: directory.path)
        manifest.failures = Array(Self.failures.prefix(1))
        manifest.failureCount = 3
        let read = try JSONDecoder().decode(Manifest.self, from: try manifest.encoded())
        #expect(try read.allFailures(in: directory.path).failedIDs(.tv) == [1399])
        #expect(read.failuresTotal == 3)
    }

    @Test(
        "a catalogue's failed ids are within its limit when at most maxFailedPercent of those asked for",
        arguments: [
            (failed: 0, asked: 0, limit: 0.0, within: true),
            (failed: 1, asked: 100, limit: 1.0, within: true),
            (failed: 2, asked: 100, limit: 1.0, within: false),
            (failed: 1, asked: 1_000, limit: 0.0, within: false),
            (failed: 10, asked: 10, limit: 100.0, within: true),
        ])
    func failureLimit(failed: Int, asked: Int, limit: Double, within: Bool) {
        var summary = Manifest.CatalogueSummary(
            type: .movie, append: [], exportDateRequested: "latest", exportDate: "2026-03-10", exportFiles: [],
            idsInExport: asked, idsDroppedAsAdult: 0, idsBelowMinPopularity: 0, idsCutByLimit: 0,
            duplicateIDsInExport: 0, idsPlanned: asked, idsFetched: asked - failed, idsRemoved: 0, idsFailed: failed,
            files: [])
        summary.idsAsked = asked
        summary.maxFailedPercent = limit
        #expect(summary.failedWithinLimit == within)
        // A manifest written before the limit: any failure was over it.
        summary.maxFailedPercent = nil
        #expect(summary.failedWithinLimit == (failed == 0))
    }
}
