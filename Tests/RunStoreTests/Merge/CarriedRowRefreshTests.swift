import Foundation
import Testing

@testable import RunStore

@Suite("CarriedRowRefresh: a kept row's popularity and votes brought up to tonight, the rest copied byte for byte")
struct CarriedRowRefreshTests {
    static let columns = [
        "id", "title", "popularity", "vote_average", "vote_count", "adult", "overview", "fetched_at", "votes_at",
    ]
    static let popularity = ExportPopularity(ids: [7, 8, 9], values: [12.25, .nan, 3.0])

    static func refresh(_ record: String, id: UInt32, format: SnapshotRecordFormat, votes: RefreshedVotes)
        -> CarriedRowRefresh.Outcome
    {
        let refresh = CarriedRowRefresh(columns: columns, format: format, popularity: popularity, votes: votes)
        return Array(record.utf8).withUnsafeBytes { refresh.refresh($0, id: id) }
    }

    static func text(_ outcome: CarriedRowRefresh.Outcome) -> (record: String, delta: String)? {
        guard case .refreshed(let record, let delta) = outcome else { return nil }
        return (String(decoding: record, as: UTF8.self), String(decoding: delta, as: UTF8.self))
    }

    static let tonight: RefreshedVotes = {
        var votes = RefreshedVotes()
        votes.append(id: 7, voteAverage: 7.125, voteCount: 1_204, votesAt: "2026-03-09T12:00:00Z")
        return votes
    }()

    @Test("rewrites popularity and the votes of a CSV row, quoted fields with commas and newlines left as they were")
    func csvRow() throws {
        let record = "7,\"A, \"\"B\"\"\",1.5,6.0,10,false,\"one\ntwo\",2026-03-01T12:00:00Z,2026-03-01T12:00:00Z\n"
        let refreshed = try #require(Self.text(Self.refresh(record, id: 7, format: .csv, votes: Self.tonight)))
        #expect(
            refreshed.record
                == "7,\"A, \"\"B\"\"\",12.25,7.125,1204,false,\"one\ntwo\",2026-03-01T12:00:00Z,2026-03-09T12:00:00Z\n")
        #expect(refreshed.delta == "7,12.25,7.125,1204,2026-03-09T12:00:00Z\n")
    }

    @Test("rewrites popularity alone when the votes were not refreshed, and leaves a row that is already tonight's")
    func popularityOnly() throws {
        let record = "9,T,1.5,6.0,10,false,,2026-03-01T12:00:00Z,2026-03-02T12:00:00Z\n"
        let refreshed = try #require(Self.text(Self.refresh(record, id: 9, format: .csv, votes: RefreshedVotes())))
        #expect(refreshed.record == "9,T,3.0,6.0,10,false,,2026-03-01T12:00:00Z,2026-03-02T12:00:00Z\n")
        #expect(refreshed.delta == "9,3.0,6.0,10,2026-03-02T12:00:00Z\n")
        guard case .unchanged = Self.refresh(refreshed.record, id: 9, format: .csv, votes: RefreshedVotes()) else {
            Issue.record("a row with tonight's values was rewritten")
            return
        }
    }

    @Test("writes a popularity the export lacks as empty in CSV and null in NDJSON")
    func missingPopularity() throws {
        let csv = try #require(
            Self.text(
                Self.refresh(
                    "8,T,1.5,,0,false,,2026-03-01T12:00:00Z,2026-03-01T12:00:00Z\n", id: 8, format: .csv,
                    votes: RefreshedVotes())))
        #expect(csv.record == "8,T,,,0,false,,2026-03-01T12:00:00Z,2026-03-01T12:00:00Z\n")
        let json = try #require(
            Self.text(
                Self.refresh(
                    #"{"id":8,"title":"T","popularity":1.5,"vote_average":null,"vote_count":0,"adult":false,"overview":null,"fetched_at":"2026-03-01T12:00:00Z","votes_at":"2026-03-01T12:00:00Z"}"#
                        + "\n", id: 8, format: .ndjson, votes: RefreshedVotes())))
        #expect(json.record.contains(#""popularity":null,"vote_average":null,"vote_count":0,"#))
        #expect(json.delta == "8,,,0,2026-03-01T12:00:00Z\n")
    }

    @Test("rewrites an NDJSON row's members by name, the times quoted, and says the same in the delta as CSV would")
    func ndjsonRow() throws {
        let record =
            #"{"id":7,"title":"A, \"B\"","popularity":1.5,"vote_average":6.0,"vote_count":10,"adult":false,"overview":"x","fetched_at":"2026-03-01T12:00:00Z","votes_at":"2026-03-01T12:00:00Z"}"#
            + "\n"
        let refreshed = try #require(Self.text(Self.refresh(record, id: 7, format: .ndjson, votes: Self.tonight)))
        #expect(
            refreshed.record
                == #"{"id":7,"title":"A, \"B\"","popularity":12.25,"vote_average":7.125,"vote_count":1204,"adult":false,"overview":"x","fetched_at":"2026-03-01T12:00:00Z","votes_at":"2026-03-09T12:00:00Z"}"#
                + "\n")
        #expect(refreshed.delta == "7,12.25,7.125,1204,2026-03-09T12:00:00Z\n")
    }

    @Test("reports a record without the columns as unreadable, not as a row to rewrite")
    func unreadable() {
        guard case .unreadable = Self.refresh("7,T,1.5\n", id: 7, format: .csv, votes: RefreshedVotes()) else {
            Issue.record("a short record was not refused")
            return
        }
    }
}
