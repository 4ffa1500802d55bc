/// Values TMDB really sends that no warehouse loads as they are (issues 35 and 36), served by a few fixed ids of
/// each type when ``SandboxFaultPlan/hostileValues`` is on: on every simulated day, and named in every day's change
/// feed, so that each night's delta and each full load carries them.
///
/// The details are rendered as usual, then the fields below are rewritten in the JSON text:
/// - movie 100: a lone surrogate `\ud800` in `title`; NUL in `original_title`; an `overview` of about 3 MB with a
///   NUL and a line that is exactly `\.` (LF line ends); `release_date` `2026-02-30`; Drama listed twice in
///   `genres`; `vote_count` -5; `vote_average` 11; `budget` 2^63; a cast member with person id 0; a video
///   `published_at` of `2026-02-30T25:61:00.000Z`.
/// - movie 107: `release_date` `+275760-09-13`; an `overview` with a `\.` line and CRLF line ends.
/// - movie 114: `release_date` `0000-00-00`.
/// - series 80001: NUL in the first `name` of the answer (a creator's, when it lists one); an `overview` with a `\.` line; `first_air_date` `2026-03-01T00:00:00Z` (a
///   datetime in a date field); `vote_count` -1; its first episode's `air_date` `2026-02-30`.
/// - person 1000: NUL in `name`; `birthday` `1999-02-29`.
enum SandboxHostileValues {
    static let movieIDs = [100, 107, 114]
    static let seriesIDs = [80_001]
    static let personIDs = [1_000]

    /// How long the long overview is: 3 MB, under the exporter's 8 MiB answer cap (`tmdb-export`'s APITarget).
    static let longOverviewBytes = 3_000_000

    /// A movie's details (or a list movie's) as rewritten when `id` is hostile.
    static func movie(_ body: [UInt8], id: Int) -> [UInt8] {
        var json = HostileJSON(body)
        switch id {
        case movieIDs[0]:
            json.replace("title", #""Hostile \ud800 title""#)
            json.replace("original_title", #""Null\u0000title""#)
            let padding = String(repeating: "x", count: longOverviewBytes)
            json.replace(
                "overview", #""NUL here:\u0000.\nnext line is a COPY end marker\n\\.\nafter it "# + padding + #"""#)
            json.replace("release_date", #""2026-02-30""#)
            json.replace("genres", #"[{"id":18,"name":"Drama"},{"id":18,"name":"Drama"}]"#)
            json.replace("vote_count", "-5")
            json.replace("vote_average", "11")
            json.replace("budget", "9223372036854775808")
            json.insert(
                into: "cast",
                #"{"adult":false,"gender":0,"id":0,"known_for_department":"Acting","name":"Nobody","#
                    + #""original_name":"Nobody","popularity":0,"profile_path":null,"cast_id":0,"character":"","#
                    + #""credit_id":"hostile-cast-0","order":999}"#)
            json.replace("published_at", #""2026-02-30T25:61:00.000Z""#)
        case movieIDs[1]:
            json.replace("release_date", #""+275760-09-13""#)
            json.replace("overview", #""CRLF lines:\r\n\\.\r\nafter the marker""#)
        case movieIDs[2]:
            json.replace("release_date", #""0000-00-00""#)
        default:
            break
        }
        return json.bytes
    }

    /// A series' details (with any appended seasons) as rewritten when `id` is hostile.
    static func series(_ body: [UInt8], id: Int) -> [UInt8] {
        guard id == seriesIDs[0] else { return body }
        var json = HostileJSON(body)
        json.replace("name", #""Null\u0000series""#)
        json.replace("overview", #""LF lines:\n\\.\nafter the marker""#)
        json.replace("first_air_date", #""2026-03-01T00:00:00Z""#)
        json.replace("vote_count", "-1")
        json.replace("air_date", #""2026-02-30""#, after: "episodes")
        return json.bytes
    }

    /// A season's answer of a hostile series: its first episode's `air_date` impossible.
    static func season(_ body: [UInt8], seriesID: Int) -> [UInt8] {
        guard seriesID == seriesIDs[0] else { return body }
        var json = HostileJSON(body)
        json.replace("air_date", #""2026-02-30""#, after: "episodes")
        return json.bytes
    }

    /// A person's details as rewritten when `id` is hostile.
    static func person(_ body: [UInt8], id: Int) -> [UInt8] {
        guard id == personIDs[0] else { return body }
        var json = HostileJSON(body)
        json.replace("name", #""Null\u0000person""#)
        json.replace("birthday", #""1999-02-29""#)
        return json.bytes
    }

    /// A day's change feed with the hostile ids of its type added (each once), first: on the feed's first page.
    static func feed(_ changes: DailyChanges, ids: [Int]) -> DailyChanges {
        let listed = Set(changes.entries.map(\.id))
        let added = ids.filter { !listed.contains($0) }.map { DailyChanges.Entry(id: $0, adult: false) }
        return DailyChanges(entries: added + changes.entries)
    }
}

/// A rendered JSON body whose values are replaced by key, in the text: the sandbox's bodies have no whitespace
/// outside strings and each key once per object, so the first `"key":` (after a marker key) is the field.
struct HostileJSON {
    private(set) var bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Replaces the value of the first member `key` (after the first member `marker`, when given) with `raw`; does
    /// nothing when there is none.
    mutating func replace(_ key: String, _ raw: String, after marker: String? = nil) {
        var from = 0
        if let marker {
            guard let found = valueStart(of: marker, from: 0) else { return }
            from = found
        }
        guard let start = valueStart(of: key, from: from) else { return }
        bytes.replaceSubrange(start..<valueEnd(from: start), with: Array(raw.utf8))
    }

    /// Inserts `raw` as the first element of the array under the first member `key`.
    mutating func insert(into key: String, _ raw: String) {
        guard let start = valueStart(of: key, from: 0), bytes[start] == UInt8(ascii: "[") else { return }
        let separator = bytes[start + 1] == UInt8(ascii: "]") ? "" : ","
        bytes.insert(contentsOf: Array((raw + separator).utf8), at: start + 1)
    }

    /// Where the value of the first `"key":` at or after `from` starts.
    private func valueStart(of key: String, from: Int) -> Int? {
        let pattern = Array("\"\(key)\":".utf8)
        guard bytes.count >= pattern.count else { return nil }
        var index = from
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index + pattern.count
            }
            index += 1
        }
        return nil
    }

    /// The end of the value that starts at `start`: a string, an object or array, or a literal or number.
    private func valueEnd(from start: Int) -> Int {
        var depth = 0
        var index = start
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index }
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: ","): if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return index
    }
}
