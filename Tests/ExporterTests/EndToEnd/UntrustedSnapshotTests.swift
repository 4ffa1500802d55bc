import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite(
    "A night reads only the files it names from the job and has verified, whatever the previous manifest lists",
    .timeLimit(.minutes(15)))
struct UntrustedSnapshotTests {
    typealias Calendar = IncrementalEndToEndTests.Calendar

    static let job = Job(
        name: "nightly", requests: [],
        catalogue: [Job.CatalogueRequest(type: .movie, append: [.credits, .keywords], limit: 20)])

    /// One way of tampering with the snapshot `latest` points at, and what the next night must say about it.
    struct Tampering: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// Changes the manifest (as JSON) and the run's folder; `bait` is a file outside the output folder.
        var change: @Sendable (_ manifest: inout [String: Any], _ run: String, _ bait: String) throws -> Void
        var reason: String
    }

    static let tamperings: [Tampering] = [
        Tampering(
            testDescription: "a table's path in files leads out of the output folder",
            change: { manifest, _, bait in
                try catalogue(&manifest) { summary in
                    var files = summary["files"] as! [[String: Any]]
                    files[0]["path"] = escape(to: bait)
                    summary["files"] = files
                }
            },
            reason: "in the movie catalogue's files, a file its snapshot does not hold"),
        Tampering(
            testDescription: "an export file's name leads out of the output folder",
            change: { manifest, _, bait in
                try catalogue(&manifest) { summary in summary["exportFiles"] = [escape(to: bait)] }
            },
            reason: "in the movie catalogue's exportFiles, a file its snapshot does not hold"),
        Tampering(
            testDescription: "a kept export file's path leads out of the output folder",
            change: { manifest, _, bait in
                try catalogue(&manifest) { summary in
                    var kept = summary["keptExportFiles"] as! [[String: Any]]
                    kept[0]["path"] = escape(to: bait)
                    summary["keptExportFiles"] = kept
                }
            },
            reason: "in the movie catalogue's keptExportFiles, a file its snapshot does not hold"),
        Tampering(
            testDescription: "a table dropped from the manifest's list, then altered",
            change: { manifest, run, _ in
                try catalogue(&manifest) { summary in
                    summary["files"] = (summary["files"] as! [[String: Any]]).filter {
                        $0["path"] as? String != "movie_cast.csv"
                    }
                }
                try flipLastByte(of: run + "/movie_cast.csv")
            },
            reason: "does not list movie_cast.csv in the movie catalogue's files"),
        Tampering(
            testDescription: "the kept export file altered",
            change: { manifest, run, _ in
                let name = try #require(
                    FileManager.default.contentsOfDirectory(atPath: run + "/ids").first { $0.hasSuffix(".json.gz") })
                try flipLastByte(of: run + "/ids/" + name)
            },
            reason: ".json.gz does not match its SHA-256 in the manifest"),
        Tampering(
            testDescription: "an export day that is not a day",
            change: { manifest, _, _ in
                try catalogue(&manifest) { summary in summary["exportDate"] = "../../x" }
            },
            reason: "gives the movie export day as \"../../x\", not a day"),
    ]

    @Test(
        "a tampered previous snapshot is fetched whole, saying why, and no file outside the output folder changes",
        arguments: tamperings)
    func tamperedSnapshotIsNotBuiltOn(_ tampering: Tampering) async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let harness = try IncrementalEndToEndTests.harness(calendar, movies: 120, series: 10)
        let outside = try TemporaryDirectory(prefix: "bait")
        defer { outside.remove() }
        let bait = try outside.write("id\n1\n", to: "bait.csv")
        try await harness.closing {
            let options = IncrementalEndToEndTests.options(harness, folder: "untrusted", calendar: calendar)
            let first = try await harness.exporter(options: options).run(Self.job)
            #expect(first.manifest.snapshotVersion == SnapshotLayout.version)
            let run = first.runDirectory
            let manifestPath = run + "/manifest.json"
            var manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
                    as? [String: Any])
            try tampering.change(&manifest, run, bait)
            try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))

            calendar.set(calendar.today.adding(days: 1))
            let night = try await harness.exporter(options: options).run(Self.job)
            let summary = try #require(night.manifest.catalogue?.first)
            #expect(summary.mode == .full)
            let reason = try #require(summary.fullRunReason)
            #expect(reason.contains(tampering.reason), "\(reason)")
            #expect(night.manifest.status == .complete)
            #expect(try String(contentsOfFile: bait, encoding: .utf8) == "id\n1\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["bait.csv"])
        }
    }

    @Test("a latest that points at runs/.. is no snapshot: the night is a full run and says where latest points")
    func latestOutOfRunsIsNotRead() async throws {
        let calendar = Calendar(TMDBAPI.ExportDay("2026-03-10")!)
        let harness = try IncrementalEndToEndTests.harness(calendar, movies: 120, series: 10)
        try await harness.closing {
            let options = IncrementalEndToEndTests.options(harness, folder: "untrusted", calendar: calendar)
            let first = try await harness.exporter(options: options).run(Self.job)
            let latest = (first.jobDirectory as NSString).appendingPathComponent("latest")
            try FileManager.default.removeItem(atPath: latest)
            try FileManager.default.createSymbolicLink(atPath: latest, withDestinationPath: "runs/..")
            try Data("{}".utf8).write(to: URL(fileURLWithPath: first.jobDirectory + "/manifest.json"))

            calendar.set(calendar.today.adding(days: 1))
            let night = try await harness.exporter(options: options).run(Self.job)
            let reason = try #require(night.manifest.catalogue?.first?.fullRunReason)
            #expect(reason.hasSuffix("latest points at runs/.., not a run of runs/"), "\(reason)")
        }
    }

    /// A path that leads from anywhere under the output folder to `target`.
    static func escape(to target: String) -> String {
        String(repeating: "../", count: 24) + target.drop { $0 == "/" }
    }

    static func catalogue(_ manifest: inout [String: Any], _ change: (inout [String: Any]) throws -> Void) throws {
        var catalogues = try #require(manifest["catalogue"] as? [[String: Any]])
        try change(&catalogues[0])
        manifest["catalogue"] = catalogues
    }

    static func flipLastByte(of path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
