import Foundation
import TMDBAPI
import Testing

@testable import RunStore

@Suite("A failure's subject: typed in the engine, the same endpoint and page in the manifest's JSON")
struct FailureSubjectTests {
    static func json(_ failure: Manifest.Failure) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(failure), as: UTF8.self)
    }

    @Test(
        "writes each subject as manifests always named it, and reads it back as the same subject",
        arguments: [
            (
                Manifest.Failure.Subject.page(endpoint: "movie/top_rated", page: 3),
                #"{"endpoint":"movie/top_rated","page":3,"reason":"r"}"#
            ),
            (.details(.movie, 550), #"{"endpoint":"movie/550","reason":"r"}"#),
            (.details(.tv, 1399), #"{"endpoint":"tv/1399","reason":"r"}"#),
            (.poster("w342/abc.jpg"), #"{"endpoint":"poster w342/abc.jpg","reason":"r"}"#),
            (.other(endpoint: "configuration", page: nil), #"{"endpoint":"configuration","reason":"r"}"#),
        ])
    func roundTrip(subject: Manifest.Failure.Subject, expected: String) throws {
        let failure = Manifest.Failure(subject, reason: "r")
        #expect(try Self.json(failure) == expected)
        let read = try JSONDecoder().decode(Manifest.Failure.self, from: Data(expected.utf8))
        #expect(read.subject == subject)
        #expect(read == failure)
    }

    @Test("names an id beyond 32 bits as it came instead of trapping, and does not read it as a details id")
    func hugeID() {
        let subject = Manifest.Failure.Subject.details(.movie, id: 1 << 40)
        #expect(subject == .other(endpoint: "movie/1099511627776", page: nil))
        #expect(Manifest.Failure.Subject(endpoint: "movie/1099511627776", page: nil) == subject)
        #expect(
            Manifest.Failure.Subject(endpoint: "movie/0550", page: nil) == .other(endpoint: "movie/0550", page: nil))
    }

    @Test("the failed ids of a catalogue are its details subjects only, sorted and once each")
    func failedIDs() {
        let failures = [
            Manifest.Failure(.details(.movie, 9), reason: "r"),
            Manifest.Failure(.details(.tv, 5), reason: "r"),
            Manifest.Failure(.page(endpoint: "movie/550", page: 1), reason: "r"),
            Manifest.Failure(.poster("w92/1.jpg"), reason: "r"),
            Manifest.Failure(endpoint: "movie/3", reason: "r"),
            Manifest.Failure(.details(.movie, 9), reason: "again"),
        ]
        #expect(failures.failedIDs(.movie) == [3, 9])
        #expect(failures.failedIDs(.tv) == [5])
    }
}
