import Testing

@testable import Exporter

/// The limit only stops a hung test, so it is generous: in one full run on a 2-core machine at a load average of 16,
/// all 26 cases went past an old 1-minute limit, though they take 0.02 s alone.
@Suite("Names that become folders and files, checked byte by byte", .timeLimit(.minutes(15)))
struct PortableNameTests {
    let loader = JobLoader()

    /// Look-alikes that a set of Swift `Character`s lets through or that a file system or a tool may fold into
    /// ASCII: the job's name and a request's name must refuse each one, naming its code point.
    static let lookAlikes: [(name: String, named: String)] = [
        ("\u{212A}elvin", "U+212A KELVIN SIGN"),
        ("\u{0130}stanbul", "U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE"),
        ("\u{FF54}op_rated", "U+FF54 FULLWIDTH LATIN SMALL LETTER T"),
        ("top_rate\u{0301}d", "U+0301 COMBINING ACUTE ACCENT"),
        ("caf\u{00E9}", "U+00E9 LATIN SMALL LETTER E WITH ACUTE"),
        ("top\u{0000}rated", "U+0000"),
        ("top rated", "U+0020 SPACE"),
        ("\u{212B}ngstrom", "U+212B ANGSTROM SIGN"),
    ]

    /// The JSON text of a string, every non-ASCII scalar as a `\u` escape: what reaches the loader does not depend
    /// on how this file is normalized.
    static func json(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" {
                escaped += "\\" + String(scalar)
            } else if scalar.isASCII && scalar.value >= 0x20 {
                escaped.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return escaped + "\""
    }

    func problems(_ text: String) -> [String] {
        (#expect(throws: JobFileError.self) { try loader.parse(text, file: "bad.json") })?.lines ?? []
    }

    @Test(
        "refuses a job name holding a look-alike of an ASCII letter, naming the field and the code point",
        arguments: lookAlikes)
    func jobName(name: String, named: String) {
        let lines = problems(
            #"{"name": \#(Self.json(name)), "catalogue": [{"type": "movie"}]}"#)
        #expect(lines.count == 1, "got \(lines)")
        #expect(lines.first?.hasPrefix("bad.json:1: name: ") == true, "got \(lines)")
        #expect(
            lines.first?.contains("is not a usable folder name: it holds \(named) (expected") == true, "got \(lines)")
    }

    @Test("refuses a request name holding a look-alike, naming the request and the code point", arguments: lookAlikes)
    func requestName(name: String, named: String) {
        let lines = problems(
            #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1", "name": \#(Self.json(name))}]}"#)
        #expect(lines.count == 1, "got \(lines)")
        #expect(
            lines.first?.contains("requests[0].name: ") == true
                && lines.first?.contains("is not a usable file name: it holds \(named) (expected") == true,
            "got \(lines)")
    }

    @Test(
        "refuses . and .. and hidden or option-like names as the job's folder",
        arguments: [
            (".", "it starts with '.'"), ("..", "it starts with '.'"), (".hidden", "it starts with '.'"),
            ("-rf", "it starts with '-'"), ("", "it is empty"), ("a/b", "it holds '/'"), ("..\\x", "it holds '\\'"),
            (String(repeating: "a", count: 101), "it is 101 bytes long"),
        ])
    func dotsAndShapes(name: String, problem: String) {
        let lines = problems(#"{"name": \#(Self.json(name)), "catalogue": [{"type": "movie"}]}"#)
        #expect(lines.first?.contains("is not a usable folder name: \(problem) (expected") == true, "got \(lines)")
    }

    @Test("accepts the ASCII names the look-alikes imitate, and a dotted name that does not start with a dot")
    func asciiNames() throws {
        for name in ["Kelvin", "Istanbul", "top_rated", "Angstrom", "nightly.2026-11_v2", "a"] {
            let job = try loader.parse(#"{"name": "\#(name)", "catalogue": [{"type": "movie"}]}"#, file: "ok.json")
            #expect(job.name == name)
            #expect(Array(job.name.utf8) == Array(name.utf8))
        }
        let job = try loader.parse(
            #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1", "name": "Kelvin_1-2"}]}"#,
            file: "ok.json")
        #expect(job.requests.map(\.slug) == ["Kelvin_1-2"])
    }

    @Test("the Kelvin sign equals K as a Swift Character, which is why names are checked on bytes")
    func canonicalEquivalence() {
        // If this ever fails, the byte check is still right; the reason given for it would be out of date.
        #expect(Character("\u{212A}") == Character("K"))
        #expect(PortableName.problem(with: "\u{212A}elvin", punctuation: "._-") == "it holds U+212A KELVIN SIGN")
        #expect(PortableName.problem(with: "Kelvin", punctuation: "._-") == nil)
    }
}
