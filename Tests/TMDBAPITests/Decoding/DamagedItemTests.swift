import Foundation
import JSON
import Testing

@testable import TMDBAPI

/// Issue 19, "no silent loss": an item that cannot be read as sent is repaired when there is one right reading of
/// it (U+FFFD for text that is not valid Unicode), else rejected with its field, reason, id and text. Never dropped.
@Suite("Damaged list items are repaired or rejected, never lost")
struct DamagedItemTests {
    /// What becomes of a damaged item.
    enum Outcome: Sendable, CustomStringConvertible {
        /// Kept, with this title, after this many strings were repaired.
        case repaired(title: String, strings: Int)
        /// Rejected.
        case rejected(field: String?, reason: String, id: Int?)

        var description: String {
            switch self {
            case .repaired(let title, let strings): "repaired (\(strings)): \(title)"
            case .rejected(let field, let reason, let id):
                "rejected \(field ?? "-"): \(reason) (id \(id.map(String.init) ?? "-"))"
            }
        }
    }

    /// `text` with each `~` replaced by the byte 0xFF, which is never valid UTF-8.
    static func damaged(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }
    }

    /// A page of five movies, ids 1…5, with `item` in place of the third.
    static func page(with item: [UInt8]) -> Data {
        let clean = (1...5).map { Array(#"{"id": \#($0), "title": "Movie \#($0)", "vote_average": 7.5}"#.utf8) }
        var elements = clean
        elements[2] = item
        let results = elements.joined(separator: Array(", ".utf8))
        return Data(Array(#"{"page": 1, "results": ["#.utf8) + results + Array(#"], "total_pages": 1}"#.utf8))
    }

    static let cases: [(String, Outcome)] = [
        // Issue 19's three items.
        (#"{"id": 10, "title": "Bad ~ byte"}"#, .repaired(title: "Bad \u{FFFD} byte", strings: 1)),
        (
            #"{"id": 10, "title": "t", "vote_average": 1e400}"#,
            .rejected(field: "vote_average", reason: "cannot be read as Double", id: 10)
        ),
        (#"{"id": 2.5, "title": "t"}"#, .rejected(field: "id", reason: "cannot be read as Int", id: nil)),
        // Their relatives.
        (#"{"id": 10, "title": "x\ud83c"}"#, .repaired(title: "x\u{FFFD}", strings: 1)),
        (#"{"id": 10, "title": "~", "overview": "~~", "x~": 1}"#, .repaired(title: "\u{FFFD}", strings: 3)),
        (
            #"{"id": 10, "title": "t", "popularity": -1e400}"#,
            .rejected(field: "popularity", reason: "cannot be read as Double", id: 10)
        ),
        (
            #"{"id": 10, "title": "t", "vote_average": 1e-400}"#,
            .rejected(field: "vote_average", reason: "cannot be read as Double", id: 10)
        ),
        (
            #"{"id": 10, "title": "t", "vote_count": 99999999999999999999}"#,
            .rejected(field: "vote_count", reason: "cannot be read as Int", id: 10)
        ),
        (
            #"{"id": 10, "title": "t", "genre_ids": [1, 1e30]}"#,
            .rejected(field: "genre_ids", reason: "cannot be read as Array<Int>", id: 10)
        ),
        (
            #"{"id": 3.0, "title": "t", "vote_average": 1e400}"#,
            .rejected(field: "vote_average", reason: "cannot be read as Double", id: 3)
        ),
        (
            #"{"id": 10, "title": "~", "vote_average": 1e400}"#,
            .rejected(field: "vote_average", reason: "cannot be read as Double", id: 10)
        ),
        (#"{"title": "no id"}"#, .rejected(field: "id", reason: "missing", id: nil)),
        (#"{"id": 10, "title": null}"#, .rejected(field: "title", reason: "expected String, found null", id: 10)),
        (
            #"{"id": 10, "title": "t", "genre_ids": [1, "2"]}"#,
            .rejected(field: "genre_ids[1]", reason: "expected Int", id: 10)
        ),
        (
            #"{"id": 10, "title": "bad \q escape"}"#,
            .rejected(field: "title", reason: "cannot be read as String", id: 10)
        ),
        (
            #"{"id": 10, "title": "t", "popularity": 01}"#,
            .rejected(field: "popularity", reason: "cannot be read as Double", id: 10)
        ),
        (
            #"{"x": {"y": [1, {"z": "}"}]}, "title": "a, b ] } \" [", "id" : 2.5e0 }"#,
            .rejected(field: "id", reason: "cannot be read as Int", id: nil)
        ),
        ("5", .rejected(field: nil, reason: "not an object", id: nil)),
        ("null", .rejected(field: nil, reason: "not an object", id: nil)),
    ]

    @Test("repairs or rejects each damaged item, keeping its neighbours and its text", arguments: cases)
    func damagedItem(text: String, expected: Outcome) throws {
        let item = Self.damaged(text)
        let body = Self.page(with: item)
        let page = try MoviePage.decode(body)
        #expect(page.results.items.count + page.results.skipped.count == 5, "an item vanished")
        #expect(page.results.items.filter { $0.position != 2 }.map(\.value.id) == [1, 2, 4, 5])
        switch expected {
        case .repaired(let title, let strings):
            let kept = try #require(page.results.items.first { $0.position == 2 }, "not kept")
            #expect(kept.value.title == title)
            #expect(page.repairedStrings == strings)
            #expect(page.results.skipped.isEmpty)
        case .rejected(let field, let reason, let id):
            let rejected = try #require(page.results.skipped.first, "not rejected")
            #expect(rejected.position == 2)
            #expect(rejected.field == field)
            #expect(rejected.reason == reason)
            #expect(rejected.id == id)
            let text = item.withUnsafeBytes { JSONTextRepair.repair($0) }.map(\.bytes) ?? item
            #expect(rejected.raw == String(decoding: text, as: UTF8.self))
        }
        try expectDecodeMatchesJSONDecoder(MoviePage.self, body, text)
    }

    @Test("the scanner never accepts an item JSONDecoder rejects, nor reads one differently", arguments: cases)
    func scannerAgrees(text: String, expected: Outcome) throws {
        let item = Self.damaged(text)
        let repaired = item.withUnsafeBytes { JSONTextRepair.repair($0) }.map(\.bytes) ?? item
        let scanned = repaired.withUnsafeBytes { bytes -> Movie? in
            var scanner = JSONScanner(bytes)
            return try? Movie(scanning: &scanner)
        }
        let decoded = JSONDecoderReference.item(Movie.self, from: Data(repaired))
        if let scanned { #expect(scanned == decoded, "the scanner reads \(text) as JSONDecoder does not") }
        if decoded == nil { #expect(scanned == nil, "the scanner accepts \(text), which JSONDecoder rejects") }
        if case .rejected = expected { #expect(decoded == nil) } else { #expect(decoded != nil) }
    }

    @Test("rejects a TV show with a fractional id, and names the field")
    func tvShow() throws {
        let body = Data(#"{"page": 1, "results": [{"id": 1, "name": "a"}, {"id": 2.5, "name": "b"}]}"#.utf8)
        let page = try TVPage.decode(body)
        #expect(page.results.items.map(\.value.id) == [1])
        #expect(
            page.results.skipped == [
                RejectedItem(
                    position: 1, field: "id", reason: "cannot be read as Int", raw: #"{"id": 2.5, "name": "b"}"#)
            ])
    }

    @Test("a page whose only damage was invalid UTF-8 is still read by the scanner once repaired")
    func repairedPageScanned() throws {
        let body = Self.page(with: Self.damaged(#"{"id": 10, "title": "~"}"#))
        #expect(MoviePage.scanned(body) == nil)
        let repaired = try #require(body.withUnsafeBytes { JSONTextRepair.repair($0) })
        #expect(MoviePage.scanned(Data(repaired.bytes)) != nil)
    }
}
