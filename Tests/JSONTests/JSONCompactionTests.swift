import JSON
import Testing

@Suite("JSON compaction")
struct JSONCompactionTests {
    func compact(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes.withUnsafeBytes { JSONCompaction.line($0) }, as: UTF8.self)
    }

    @Test(
        "removes whitespace between tokens and keeps every other byte as received",
        arguments: [
            ("{ \"a\" : 1 ,\n\t\"b\" : [ true , null ] }", "{\"a\":1,\"b\":[true,null]}\n"),
            ("{\"a\":1}", "{\"a\":1}\n"),
            ("\r\n  [ 1.50 , -0e+3 , 1E2 ]  \n", "[1.50,-0e+3,1E2]\n"),
            ("{\"k e y\" : \"a  b\\n\\t c\"}", "{\"k e y\":\"a  b\\n\\t c\"}\n"),
            ("[\"quote \\\" inside \\\\\", \" x \"]", "[\"quote \\\" inside \\\\\",\" x \"]\n"),
            ("{ \"é 日本\" : \"\\u00e9 \\ud83c\\udfac 🎬\" }", "{\"é 日本\":\"\\u00e9 \\ud83c\\udfac 🎬\"}\n"),
            ("", "\n"),
        ])
    func compaction(input: String, expected: String) {
        #expect(compact(input) == expected)
    }

    @Test("keeps a string that ends in an escaped backslash from swallowing the whitespace after it")
    func escapedBackslashAtEnd() {
        #expect(compact("[ \"a\\\\\" , \"b\" ]") == "[\"a\\\\\",\"b\"]\n")
    }

    @Test("appends to what the buffer already holds")
    func appends() {
        var buffer = Array("x".utf8)
        Array(" [ 1 ] ".utf8).withUnsafeBytes { JSONCompaction.append($0, to: &buffer) }
        #expect(String(decoding: buffer, as: UTF8.self) == "x[1]")
    }
}
