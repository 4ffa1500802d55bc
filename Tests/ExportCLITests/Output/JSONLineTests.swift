import Exporter
import Testing

@testable import ExportCLI

@Suite("JSON log lines")
struct JSONLineTests {
    @Test("writes one object per line, keys in the given order, typed values, escapes as in the NDJSON files")
    func bytes() {
        let line = JSONLine.encode([
            ("event", "failure"), ("message", "GET \"x\"\\y\n\u{01}\u{7F} ü🎬"), ("page", -3), ("ok", false),
            ("elapsedSeconds", 0.25), ("rate", Double.infinity), ("latest", true),
        ])
        #expect(
            line == #"{"event":"failure","message":"GET \"x\"\\y\n\u0001"# + "\u{7F} ü🎬"
                + #"","page":-3,"ok":false,"elapsedSeconds":0.25,"rate":null,"latest":true}"# + "\n")
    }

    @Test(
        "writes each progress event with its fields after the time",
        arguments: [
            (
                ExportEvent.started(runID: "R", stagingDirectory: "out/s", resumed: true),
                #""event":"started","runId":"R","staging":"out/s","resumed":true}"#
            ),
            (.planned(pages: 3, details: 0, posters: 40), #""event":"planned","pages":3,"details":0,"posters":40}"#),
            (
                .pageFinished(endpoint: "movie/popular", page: 2, succeeded: false),
                #""event":"page","endpoint":"movie/popular","page":2,"ok":false}"#
            ),
            (.posterFinished(succeeded: true), #""event":"poster","ok":true}"#),
            (.detailsFinished(succeeded: false), #""event":"details","ok":false}"#),
            (
                .changeFeedPageRead(feed: "movie/changes", page: 37),
                #""event":"changeFeedPage","feed":"movie/changes","page":37}"#
            ),
            // A failure's text may come from a server: its tab is escaped (SafeText) before the JSON writer sees it.
            (.failure("a \"b\"\tc"), #""event":"failure","message":"a \"b\"\\tc"}"#),
        ])
    func events(event: ExportEvent, fields: String) throws {
        let line = ProgressReporter.json(event)
        let time = try #require(line.firstRange(of: #"","#), "\(line)")
        #expect(line.hasPrefix(#"{"time":""#))
        #expect(line[line.index(before: time.upperBound)...] == "," + fields + "\n")
    }
}
