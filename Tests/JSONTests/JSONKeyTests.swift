import JSON
import Testing

@Suite("JSON keys read as bytes")
struct JSONKeyTests {
    /// The keys of the object `text`, each matched against `literals`: the literal it equals, or its text in
    /// brackets when it equals none.
    static func keys(_ text: String) throws -> [String] {
        try Array(text.utf8).withUnsafeBytes { buffer throws(JSONScanner.Failure) -> [String] in
            var scanner = JSONScanner(buffer)
            var object = try scanner.openObject()
            var keys: [String] = []
            while let key = try scanner.nextKeyBytes(in: &object) {
                switch key {
                case "id": keys.append("id")
                case "name": keys.append("name")
                case "known_for_department": keys.append("known_for_department")
                case "café": keys.append("café")
                case "a\"b": keys.append("a\"b")
                default: keys.append("[\(key.string)]")
                }
                try scanner.skipValue()
            }
            return keys
        }
    }

    @Test("matches literal keys byte for byte, escaped, non-ASCII and long keys included")
    func matching() throws {
        let text = #"{"id": 1, "name": "x", "known_for_department": "Acting", "caf\u00e9": 2, "café": 3, "a\"b": 4}"#
        #expect(try Self.keys(text) == ["id", "name", "known_for_department", "café", "café", "a\"b"])
    }

    @Test("tells apart keys that share a length or a prefix")
    func nearMisses() throws {
        let text = #"{"ie": 1, "i": 2, "idx": 3, "Name": 4, "known_for_departmenT": 5, "n\u0061me": 6}"#
        #expect(try Self.keys(text) == ["[ie]", "[i]", "[idx]", "[Name]", "[known_for_departmenT]", "name"])
    }

    @Test("equals a literal with ==, and gives its text back as a String")
    func equality() throws {
        try Array(#"{"res\/ults": []}"#.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            var object = try scanner.openObject()
            let key = try #require(try scanner.nextKeyBytes(in: &object))
            #expect(key == "res/ults")
            #expect(!(key == "results"))
            #expect(key.string == "res/ults")
        }
    }

    @Test(
        "fails on a bad key as the String reader does",
        arguments: [
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],  // {"\xFF":1}
            Array(#"{"a\q": 1}"#.utf8), Array(#"{"name" 1}"#.utf8), Array(#"{"a": 1,}"#.utf8),
        ])
    func failures(text: [UInt8]) {
        func failure(_ read: (inout JSONScanner, inout JSONScanner.Container) throws(JSONScanner.Failure) -> Void)
            -> JSONScanner.Failure?
        {
            text.withUnsafeBytes { buffer in
                var scanner = JSONScanner(buffer)
                do throws(JSONScanner.Failure) {
                    var object = try scanner.openObject()
                    try read(&scanner, &object)
                    return nil
                } catch {
                    return error
                }
            }
        }
        let asBytes = failure { (scanner, object) throws(JSONScanner.Failure) in
            while try scanner.nextKeyBytes(in: &object) != nil { try scanner.skipValue() }
        }
        let asString = failure { (scanner, object) throws(JSONScanner.Failure) in
            while try scanner.nextKey(in: &object) != nil { try scanner.skipValue() }
        }
        #expect(asBytes != nil)
        #expect(asBytes == asString)
    }
}
