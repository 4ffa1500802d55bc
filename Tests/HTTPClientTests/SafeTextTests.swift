import Foundation
import HTTPClient
import Testing

@Suite("Safe text")
struct SafeTextTests {
    @Test(
        "escapes what could act on a terminal and leaves other text alone",
        arguments: [
            ("\u{1B}[2J\u{1B}[31mred", #"\u{1B}[2J\u{1B}[31mred"#), ("a\nb\r\tc", #"a\nb\r\tc"#),
            ("bell\u{07} del\u{7F} nel\u{85}", #"bell\u{7} del\u{7F} nel\u{85}"#),
            ("abc\u{202E}cba\u{2066}", #"abc\u{202E}cba\u{2066}"#), ("line\u{2028}", #"line\u{2028}"#),
            ("Amélie, 千と千尋, שלום, 🎬 \"q\" \\", "Amélie, 千と千尋, שלום, 🎬 \"q\" \\"),
        ])
    func escapes(text: String, expected: String) {
        #expect(SafeText.escaped(text) == expected)
        #expect(SafeText.escaped(expected) == expected, "escaping twice changes nothing")
    }

    @Test("cuts a long value at 200 characters and says how long it was")
    func cuts() {
        let long = String(repeating: "é", count: 100_000)
        let quoted = SafeText.quoted(long)
        #expect(quoted == "\"" + String(repeating: "é", count: 200) + "…\" (100000 characters)")
        #expect(SafeText.excerpt(long) == String(repeating: "é", count: 200) + "… (100000 characters)")
        #expect(SafeText.quoted(String(repeating: "x", count: 200)) == "\"" + String(repeating: "x", count: 200) + "\"")
        #expect(SafeText.quoted("a\u{1B}b") == #""a\u{1B}b""#)
    }

    @Test("prints a status_message with ANSI escapes escaped, and cut when long")
    func statusMessage() {
        let error = ClientError(
            endpoint: "GET movie/popular?page=2",
            reason: .httpStatus(503, message: "\u{1B}[2J\u{1B}[1;31mdown\u{1B}[0m"))
        #expect(error.description == #"GET movie/popular?page=2: HTTP 503: \u{1B}[2J\u{1B}[1;31mdown\u{1B}[0m"#)
        let huge = String(repeating: "z", count: 8 << 20)
        let long = ClientError(endpoint: "GET x", reason: .httpStatus(500, message: huge))
        #expect(long.description.utf8.count < 300)
        #expect(long.description.hasSuffix("… (8388608 characters)"))
    }
}
