import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("OldestFetched: tonight's rolling re-fetch of the rows whose details are oldest")
struct OldestFetchedTests {
    static let columns = ["id", "title", "fetched_at", "votes_at"]

    static func table(_ rows: [(Int, String)], in directory: TemporaryDirectory) throws -> String {
        let path = (directory.path as NSString).appendingPathComponent("movies.csv")
        let text = "id,title,fetched_at,votes_at\n" + rows.map { "\($0.0),\"T, \($0.0)\",\($0.1),\($0.1)\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let today = ExportDay("2026-03-20")!

    @Test("picks the slice of candidates fetched longest ago, ties to the lower id, and says the oldest one kept")
    func slice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.table(
            [
                (1, "2026-03-19T12:00:00Z"), (2, "2026-03-15T12:00:00Z"), (3, "2026-03-15T12:00:00Z"),
                (4, "2026-03-14T23:59:59Z"), (5, "2026-03-18T12:00:00Z"), (6, "2026-03-10T12:00:00Z"),
            ], in: directory)
        let picked = try OldestFetched.pick(
            from: path, format: .csv, columns: Self.columns, candidates: [1, 2, 3, 4, 5], slice: 2, maxAgeDays: 7,
            today: Self.today)
        // 6 is the oldest row but not a candidate (fetched tonight anyway, or gone).
        #expect(picked.ids == [2, 4])
        #expect(picked.due == 0)
        #expect(picked.oldest == "2026-03-15T12:00:00Z")
    }

    @Test("takes every row past maxAgeDays when there are more than the slice, after nights that did not run")
    func due() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.table(
            [
                (1, "2026-03-12T23:59:59Z"), (2, "2026-03-12T00:00:00Z"), (3, "2026-03-13T00:00:00Z"),
                (4, "2026-03-01T12:00:00Z"), (5, "2026-03-19T12:00:00Z"),
            ], in: directory)
        let picked = try OldestFetched.pick(
            from: path, format: .csv, columns: Self.columns, candidates: [1, 2, 3, 4, 5], slice: 1, maxAgeDays: 7,
            today: Self.today)
        // Before 2026-03-13 (today minus 7 days) is due: 1, 2 and 4; 3 is exactly 7 days old and may stay.
        #expect(picked.due == 3)
        #expect(picked.ids == [1, 2, 4])
        #expect(picked.oldest == "2026-03-13T00:00:00Z")
    }

    @Test("reads fetched_at from an NDJSON table alike, for jobs that write no CSV")
    func ndjson() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("movies.ndjson")
        let lines = [(1, "2026-03-19T12:00:00Z"), (2, "2026-03-11T12:00:00Z"), (3, "2026-03-15T12:00:00Z")].map {
            #"{"id":\#($0.0),"title":"T, \"\#($0.0)\"","fetched_at":"\#($0.1)","votes_at":"\#($0.1)"}"# + "\n"
        }
        try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: path))
        let picked = try OldestFetched.pick(
            from: path, format: .ndjson, columns: Self.columns, candidates: [1, 2, 3], slice: 1, maxAgeDays: 7,
            today: Self.today)
        #expect(picked.ids == [2] && picked.due == 1 && picked.oldest == "2026-03-15T12:00:00Z")
    }

    @Test("refuses a row without a fetched_at time, naming the file and record")
    func missingTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.table([(1, "2026-03-19T12:00:00Z"), (2, "yesterday")], in: directory)
        #expect(throws: OutputError.self) {
            try OldestFetched.pick(
                from: path, format: .csv, columns: Self.columns, candidates: [1, 2], slice: 1, maxAgeDays: 7,
                today: Self.today)
        }
    }

    @Test("reads ISO 8601 UTC times to the second, and nothing else")
    func times() {
        #expect(UTCTime.seconds(iso8601: Array("1970-01-01T00:00:00Z".utf8)) == 0)
        #expect(UTCTime.seconds(iso8601: Array("2026-03-01T12:00:01Z".utf8)) == 1_772_366_401)
        #expect(UTCTime.seconds(iso8601: Array("2024-02-29T00:00:00Z".utf8)) == 1_709_164_800)
        #expect(UTCTime.seconds(iso8601: Array("2026-03-01 12:00:00Z".utf8)) == nil)
        #expect(UTCTime.seconds(iso8601: Array("2026-13-01T12:00:00Z".utf8)) == nil)
        let now = Date(timeIntervalSince1970: 1_790_000_123)
        #expect(UTCTime.seconds(iso8601: Array(UTCTime(now).iso8601.utf8)) == 1_790_000_123)
    }
}
