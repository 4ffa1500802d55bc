import Foundation
import Testing

@testable import TMDBAPI

/// Every field of a list item given every kind of damaged value, and pages whose structure JSONDecoder tolerated:
/// `ResultsPage.decode(_:)` keeps, rejects and explains each item as `JSONDecoder` did.
@Suite("Damaged fields are rejected and explained as JSONDecoder did")
struct DamagedFieldTests {
    /// Values of every kind, valid and not, that a field might be sent.
    static let values = [
        "null", #""s""#, #""""#, #""bad \q escape""#, #""\u00e9\ud83c\udfac""#, "\"a\u{01}\"", "5", "-0", "3.0",
        "30e-1", "2.5", "1e30", "1e400", "-1e400", "1e-400", "0e999", "01", "1.", "-", "1.5.5", "1-2", "--1",
        "9007199254740991.0", "9223372036854775807", "99999999999999999999", "true", "false", "[]", "[1]", "[1,]",
        "[1, 2,]", "[null]", "[1, null]", "[\"a\"]", "[\"a\", 5]", "[\"a\", null]", "[1, 1e30]", "[1, 2.5]",
        "[1, \"2\"]", "[[1]]", "[01]", "[1.0.5]", "{}", "{\"a\": 1}", "{\"a\": 1,}",
    ]

    /// One item of five on a page, the others plain: `fields` is the inside of the item's object.
    static func page(_ key: String, _ fields: String) -> Data {
        let items = (1...5).map { #"{"id": \#($0), "\#(key)": "Item \#($0)", "vote_average": 7.5}"# }
        var elements = items
        elements[2] = "{\(fields)}"
        return Data(#"{"page": 2, "results": [\#(elements.joined(separator: ", "))], "total_pages": 9}"#.utf8)
    }

    /// `field` set to each value in an item that is otherwise whole (its name field keeps a title if it is not
    /// the field tried).
    static func cases<Field: ModelField>(_ fields: Field.Type, name: String) -> [(String, String)] {
        Field.allCases.flatMap { field in
            values.map { value in
                var members = ["\"id\": 10", "\"\(name)\": \"t\""].filter { !$0.hasPrefix("\"\(field.key)\"") }
                members.append("\"\(field.key)\": \(value)")
                return (name, members.joined(separator: ", "))
            }
        }
    }

    @Test("reads each field of a movie as JSONDecoder read it", arguments: cases(Movie.Field.self, name: "title"))
    func movieField(name: String, fields: String) throws {
        try expectDecodeMatchesJSONDecoder(MoviePage.self, Self.page(name, fields), fields)
    }

    @Test("reads each field of a TV show as JSONDecoder read it", arguments: cases(TVShow.Field.self, name: "name"))
    func showField(name: String, fields: String) throws {
        try expectDecodeMatchesJSONDecoder(TVPage.self, Self.page(name, fields), fields)
    }

    @Test(
        "takes the first of a field given twice, and leaves unknown keys unread",
        arguments: [
            #""id": 10, "title": "t", "title": 5"#, #""id": 10, "title": 5, "title": "t""#,
            #""id": 10, "title": null, "title": "t""#, #""id": 10, "title": "t", "id": "x""#,
            #""id": 10, "title": "t", "vote_average": 1e400, "vote_average": 1"#,
            #""id": 10, "title": "t", "vote_average": 1, "vote_average": 1e400"#,
            #""\u0069d": 10, "title": "t""#, #""id": 10, "id": 11, "title": "t""#,
            #""id": 10, "title": "t", "extra": "bad \q", "more": 01, "most": [1.5.5, -]"#,
            #""id": 10, "title": "t", "x": {"y": [1,], "z": {"a": 1,},},"#,
            #""id": 10, "title": "t", "a\u0000": 1"#,
            #""vote_average": "x", "title": null, "id": "y""#, #""title": null, "vote_count": 1e400"#,
            #""id": 10, "genre_ids": [1, "x"], "title": 5"#,
        ])
    func keys(fields: String) throws {
        try expectDecodeMatchesJSONDecoder(MoviePage.self, Self.page("title", fields), fields)
    }

    @Test(
        "reads the page's own fields, and fails the pages it failed, as JSONDecoder did",
        arguments: [
            #"{"page": 1, "results": [{"id": 1, "title": "a"},]}"#,
            #"{"page": 1.0, "results": [{"id": 1, "title": 1}], "total_pages": 4e0, "total_results": null}"#,
            #"{"page": 1, "page": "x", "results": [], "results": 5}"#,
            #"{"page": 1, "results": [{"id": 1, "title": 1}], "dates": {"maximum": 5, "minimum": "m"}}"#,
            #"{"page": 1, "results": [{"id": 1, "title": 1}], "dates": {"maximum": "x", "maximum": 5}}"#,
            #"{"page": 1, "results": [{"id": 1, "title": 1}], "dates": [1]}"#,
            #"{"page": 1, "results": [{"id": 1, "title": 1}], "dates": {"b\q": 1, "minimum": "m"}}"#,
            "\u{FEFF}{\"page\": 1, \"results\": [{\"id\": 1, \"title\": 1}]}",
            #"{"results": [{"id": 1, "title": 1}]}"#, #"{"page": null, "results": []}"#,
            #"{"page": "1", "results": []}"#, #"{"page": 1.5, "results": []}"#, #"{"page": 1}"#,
            #"{"page": 1, "results": null}"#, #"{"page": 1, "results": {}}"#,
            #"{"page": 1, "results": [], "total_pages": "x"}"#, #"{"page": 1, "results": [], "total_results": 1e400}"#,
            #"{"page": 1, "results": [{"id": 1, "title": 1}], "total_pages": null}"#, "[]", "null", "5", "",
            #"{"page": 1, "results": [], "x": tru}"#, #"{"page": 1, "results": [], "x": +1}"#,
            #"{"page": 1, "results": [1, "a", null, [], true, {"id": 2, "title": "b"}]}"#,
            #"{"page": 1, "results": [], "x": [1,,2]}"#, #"{"page": 1, "results": [],, "x": 1}"#,
            #"{"page": 1, "b\q": 2, "results": []}"#, #"{"pa\u0067e": 3, "results": []}"#,
            #"{"page": 1, "results": []} x"#,
            #"{"page": 1, "results": [], "deep": "# + String(repeating: "[", count: 511)
                + String(repeating: "]", count: 511)
                + "}",
            #"{"page": 1, "results": [], "deep": "# + String(repeating: "[", count: 512)
                + String(repeating: "]", count: 512)
                + "}",
        ])
    func pages(text: String) throws {
        try expectDecodeMatchesJSONDecoder(MoviePage.self, Data(text.utf8), text)
    }

    // Where decode() and JSONDecoder part, on purpose.

    @Test("rejects a whole number written as a decimal from 2^53 up, which JSONDecoder read again as a Decimal")
    func largeDecimal() throws {
        let body = Self.page("title", #""id": 9007199254740993.0, "title": "t""#)
        #expect(try MoviePage.decode(body).results.skipped.map(\.problem) == ["id: cannot be read as Int"])
        let reference = try JSONDecoderReference.page(MoviePage.self, from: body)
        #expect(reference.results.items.map(\.value.id).contains(9_007_199_254_740_993))
    }

    @Test("rejects an item with a key that cannot be read, naming no field and no offset in the page")
    func unreadableKey() throws {
        let body = Self.page("title", #""id": 10, "title": "t", "b\q": 1"#)
        let rejected = try MoviePage.decode(body).results.skipped
        #expect(rejected.map(\.problem) == ["a key cannot be read"])
        #expect(rejected.map(\.id) == [10])
        let reference = try JSONDecoderReference.page(MoviePage.self, from: body).results.skipped
        #expect(reference.map(\.field) == [nil])
        #expect(reference.map(\.reason).allSatisfy { $0.contains("unexpectedEscapedCharacter") })
    }
}
