import Foundation
import Testing

@testable import TMDBSandbox

@Suite("Hand-written JSON")
struct JSONBufferTests {
    @Test(
        "escapes strings as JSON requires and keeps non-ASCII raw",
        arguments: [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("line\nfeed", #""line\nfeed""#),
            ("crlf\r\n", #""crlf\r\n""#),
            ("tab\t", #""tab\t""#),
            ("bell\u{07} nul\u{00} us\u{1F}", #""bell\u0007 nul\u0000 us\u001f""#),
            ("千と千尋 👨‍👩‍👧 🇫🇷 عربى", "\"千と千尋 👨‍👩‍👧 🇫🇷 عربى\""),
            ("slash / stays", #""slash / stays""#),
        ])
    func escapesStrings(input: String, expected: String) {
        var json = JSONBuffer()
        json.string(input)
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
    }

    @Test(
        "writes integral numbers as integers and others in shortest form",
        arguments: [(8.0, "8"), (0.0, "0"), (10.0, "10"), (7.3, "7.3"), (1234.567, "1234.567"), (-2.5, "-2.5")])
    func writesNumbers(value: Double, expected: String) {
        var json = JSONBuffer()
        json.number(value)
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
    }

    @Test("writes absent strings and non-finite numbers as null")
    func writesNulls() {
        var json = JSONBuffer()
        json.optionalString(nil)
        json.raw(",")
        json.number(.nan)
        #expect(String(decoding: json.bytes, as: UTF8.self) == "null,null")
    }

    @Test("round-trips every catalogue movie through a JSON parser")
    func roundTripsTheCatalogue() throws {
        let catalogue = SandboxCatalogue.shared
        for (movie, fragment) in zip(catalogue.movies, catalogue.fragments).prefix(600) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(fragment)) as? [String: Any])
            #expect(object["title"] as? String == movie.title)
            #expect(object["original_title"] as? String == movie.originalTitle)
            #expect(object["overview"] as? String == movie.overview)
            #expect((object["poster_path"] as? String) == movie.posterPath)
            #expect(object["id"] as? Int == movie.id)
        }
    }
}
