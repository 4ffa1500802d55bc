import TMDBAPI
import Testing

@Suite("IDExportEntry: one line of an ID export file, read with JSONScanner")
struct IDExportEntryTests {
    static func parse(_ line: String, keepingTitle: Bool = true) throws -> IDExportEntry {
        try Array(line.utf8).withUnsafeBytes { try IDExportEntry(line: $0, keepingTitle: keepingTitle) }
    }

    static func failure(_ line: String) -> IDExportEntry.Failure? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error as? IDExportEntry.Failure
        }
    }

    @Test("reads a movie line")
    func movie() throws {
        let entry = try Self.parse(
            #"{"adult":false,"id":3924,"original_title":"Blondie","popularity":2.405,"video":false}"#)
        #expect(
            entry
                == IDExportEntry(id: 3924, adult: false, popularity: 2.405, originalTitle: "Blondie", video: false))
    }

    @Test("reads a person line, its name as the title")
    func person() throws {
        let entry = try Self.parse(#"{"adult":false,"id":287,"name":"Brad Pitt","popularity":12.3}"#)
        #expect(entry == IDExportEntry(id: 287, adult: false, popularity: 12.3, originalTitle: "Brad Pitt"))
        #expect(try Self.parse(#"{"id":287,"name":"Brad Pitt"}"#, keepingTitle: false).originalTitle == nil)
    }

    @Test("reads a series line, its original_name as the title, escapes resolved")
    func series() throws {
        let entry = try Self.parse(#"{"id":1399,"original_name":"Game of Thrones \u00e9","popularity":369.594}"#)
        #expect(entry == IDExportEntry(id: 1399, popularity: 369.594, originalTitle: "Game of Thrones é"))
    }

    @Test("skips keys it does not know, nested ones included, and reads null as absent")
    func unknownKeys() throws {
        let entry = try Self.parse(
            #" {"softcore":true,"id":7,"extra":{"a":[1,{"b":null}]},"popularity":null,"adult":null,"video":true} "#)
        #expect(entry == IDExportEntry(id: 7, video: true))
    }

    @Test("skips the title without reading it when asked to")
    func withoutTitle() throws {
        #expect(try Self.parse(#"{"id":5,"original_title":"X"}"#, keepingTitle: false).originalTitle == nil)
    }

    @Test(
        "refuses a line without an integer id, or that is not one JSON object",
        arguments: [
            (#"{"adult":false,"popularity":1.0}"#, "no \"id\""),
            (#"{"id":"12"}"#, "\"id\" is not an integer"),
            (#"{"id":1.5}"#, "\"id\" is not an integer"),
            (#"{"id":null}"#, "\"id\" is not an integer"),
            (#"{"id":12"#, "unexpected end of file"),
            (#"{"id":12}{"id":13}"#, "text after the object"),
            (#"[12]"#, "expected an object"),
            ("not json", "expected an object"),
            (#"{"id":1,"adult":"no"}"#, "expected true or false"),
        ])
    func refuses(line: String, message: String) {
        let failure = Self.failure(line)
        #expect(failure?.message.contains(message) == true, "\(String(describing: failure))")
    }
}
