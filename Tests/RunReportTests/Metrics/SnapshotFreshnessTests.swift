import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("The oldest fetched_at and votes_at a snapshot keeps")
struct SnapshotFreshnessTests {
    @Test("reads them from each catalogue's main table, CSV or NDJSON, skipping empty values")
    func oldest() throws {
        let run = try TemporaryDirectory(prefix: "freshness")
        defer { run.remove() }
        try run.write(
            """
            id,title,fetched_at,votes_at
            1,A,2026-11-20T12:00:00Z,2026-11-21T12:00:00Z
            2,B,2026-11-19T09:30:00Z,2026-11-22T12:00:00Z
            3,C,2026-11-21T12:00:00Z,

            """, to: "movies.csv")
        try run.write(
            #"""
            {"id":7,"name":"P","fetched_at":"2026-11-18T00:00:01Z"}
            {"id":8,"name":"Q","fetched_at":"2026-11-22T00:00:00Z"}

            """#, to: "people.ndjson")
        let catalogue = { (type: String, files: [Manifest.DataFile]) -> Manifest.CatalogueSummary in
            var summary = ReportFixtures.catalogue(files: files)
            summary.type = .init(rawValue: type)!
            return summary
        }
        let manifest = ReportFixtures.manifest(catalogue: [
            catalogue(
                "movie", [ReportFixtures.file("movie_cast.csv", rows: 0), ReportFixtures.file("movies.csv", rows: 3)]),
            catalogue("person", [ReportFixtures.file("people.ndjson", rows: 2)]),
            catalogue("tv", []),
        ])

        let freshness = try SnapshotFreshness.read(manifest, in: run.path)

        #expect(
            freshness == [
                SnapshotFreshness(
                    type: .movie, oldestFetchedAt: seconds("2026-11-19T09:30:00Z"),
                    oldestVotesAt: seconds("2026-11-21T12:00:00Z")),
                SnapshotFreshness(type: .person, oldestFetchedAt: seconds("2026-11-18T00:00:01Z"), oldestVotesAt: nil),
            ])
    }

    @Test("names the file when a main table the manifest lists cannot be read")
    func missingTable() throws {
        let run = try TemporaryDirectory(prefix: "freshness")
        defer { run.remove() }
        let manifest = ReportFixtures.manifest(catalogue: [
            ReportFixtures.catalogue(files: [ReportFixtures.file("movies.csv", rows: 3)])
        ])
        #expect {
            try SnapshotFreshness.read(manifest, in: run.path)
        } throws: { error in
            "\(error)".contains(run.path + "/movies.csv")
        }
    }

    private func seconds(_ text: String) -> Int? { UTCTime.seconds(iso8601: text.utf8) }
}
