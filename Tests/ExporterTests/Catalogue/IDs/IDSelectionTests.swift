import Exporter
import Foundation
import TMDBSandbox
import TestSupport
import Testing

@Suite("IDSelection: ids chosen from export files as they stream, sorted and unique, every line accounted for")
struct IDSelectionTests {
    /// A movie line as TMDB writes it; nil fields are left out.
    static func line(_ id: Int, popularity: Double? = nil, adult: Bool? = false) -> String {
        var fields: [String] = []
        if let adult { fields.append("\"adult\":\(adult)") }
        fields.append("\"id\":\(id)")
        fields.append("\"original_title\":\"Movie \(id)\"")
        if let popularity { fields.append("\"popularity\":\(popularity)") }
        fields.append("\"video\":false")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Writes `lines` gzip-compressed under `name` and returns the path.
    static func file(_ lines: [String], _ directory: TemporaryDirectory, name: String = "movie_ids.json.gz") throws
        -> String
    {
        let path = (directory.path as NSString).appendingPathComponent(name)
        try Data(Gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    static let lineLimit = ExportLineLimit(.movie)

    static func badExport(_ body: () throws(ExportError) -> Void) -> (file: String, line: Int, reason: String)? {
        do throws(ExportError) {
            try body()
        } catch {
            if case .badIDExport(let file, let line, let reason) = error { return (file, line, reason) }
        }
        return nil
    }

    static func sum(_ counts: IDSelection.Counts) -> Int {
        counts.selected + counts.adult + counts.belowMinimumPopularity + counts.cutByLimit + counts.duplicates
    }

    @Test("returns every id sorted and once, from lines out of order, and counts the repeats")
    func sortedUnique() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ids = [50, 3, 900_000_000, 3, 17, 50, 50, 4_000_000_000, 1]
        let path = try Self.file(ids.map { Self.line($0, popularity: 1) } + ["", "  "], directory)
        let selection = try IDSelection.select(from: [path], filters: .init(), lineLimit: Self.lineLimit)
        #expect(selection.ids == [1, 3, 17, 50, 900_000_000, 4_000_000_000])
        #expect(selection.counts.lines == 9)
        #expect(selection.counts.duplicates == 3)
        #expect(selection.counts.selected == 6)
        #expect(Self.sum(selection.counts) == selection.counts.lines)
    }

    @Test("keeps each id's export popularity beside it, NaN where the line has none, the highest of a repeat")
    func popularity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = [
            Self.line(9, popularity: 2.405), Self.line(4), Self.line(9, popularity: 7.5), Self.line(1, popularity: 0.6),
        ]
        let selection = try IDSelection.select(
            from: [try Self.file(lines, directory)], filters: .init(), lineLimit: Self.lineLimit)
        #expect(selection.ids == [1, 4, 9])
        #expect(selection.popularity[0] == 0.6 && selection.popularity[1].isNaN && selection.popularity[2] == 7.5)
        // Under a limit, id 9's two lines take one place, with the higher popularity; the next place goes to id 1.
        let top = try IDSelection.select(
            from: [try Self.file(lines, directory)], filters: .init(limit: 2), lineLimit: Self.lineLimit)
        #expect(top.ids == [1, 9] && top.popularity == [0.6, 7.5])
        #expect(top.counts.duplicates == 1 && top.counts.cutByLimit == 1 && Self.sum(top.counts) == 4)
    }

    @Test("drops adult lines when adult items are off, even in the main file; keeps both files' when on")
    func adult() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try Self.file([Self.line(1), Self.line(2, adult: true), Self.line(3, adult: nil)], directory)
        let adultFile = try Self.file(
            [Self.line(10, adult: true), Self.line(2, adult: true)], directory, name: "adult_movie_ids.json.gz")
        let without = try IDSelection.select(from: [main], filters: .init(adult: false), lineLimit: Self.lineLimit)
        #expect(without.ids == [1, 3])
        #expect(without.counts.adult == 1)
        let with = try IDSelection.select(
            from: [main, adultFile], filters: .init(adult: true), lineLimit: Self.lineLimit)
        #expect(with.ids == [1, 2, 3, 10])
        #expect(with.counts.duplicates == 1)
        #expect(with.counts.lines == 5 && Self.sum(with.counts) == 5)
    }

    @Test("drops lines below the minimum popularity, or without one; keeps those at it")
    func minimumPopularity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file(
            [
                Self.line(1, popularity: 0.5), Self.line(2, popularity: 2), Self.line(3),
                Self.line(4, popularity: 1.999),
                Self.line(5, popularity: 1e3),
            ], directory)
        let selection = try IDSelection.select(
            from: [path], filters: .init(minimumPopularity: 2), lineLimit: Self.lineLimit)
        #expect(selection.ids == [2, 5])
        #expect(selection.counts.belowMinimumPopularity == 3)
    }

    @Test("keeps the N most popular, ties to the lower id, and counts the rest as cut", arguments: [0, 1, 3, 5, 50])
    func limit(n: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file(
            [
                Self.line(9, popularity: 5), Self.line(4, popularity: 7), Self.line(8, popularity: 5),
                Self.line(2, popularity: 1), Self.line(6, popularity: 5), Self.line(7),
            ], directory)
        let selection = try IDSelection.select(from: [path], filters: .init(limit: n), lineLimit: Self.lineLimit)
        // By popularity: 4 (7), then 6, 8, 9 (5, lower id first), then 2 (1), then 7 (none: 0).
        let ranked: [UInt32] = [4, 6, 8, 9, 2, 7]
        #expect(selection.ids == Array(ranked.prefix(n)).sorted())
        #expect(selection.counts.cutByLimit == 6 - min(n, 6))
        #expect(Self.sum(selection.counts) == 6)
    }

    @Test("agrees with sorting everything when the heap sees many ties in a shuffled order")
    func limitAgainstSorting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SplitMix(seed: 14)
        let entries = (1...3_000).map { id in (id: id, popularity: Double(generator.next() % 40) / 4) }
        var shuffled = entries
        shuffled.shuffle(using: &generator)
        let path = try Self.file(shuffled.map { Self.line($0.id, popularity: $0.popularity) }, directory)
        let expected = entries.filter { $0.popularity >= 0.5 }
            .sorted { ($0.popularity, -$0.id) > ($1.popularity, -$1.id) }
            .prefix(700).map { UInt32($0.id) }.sorted()
        let selection = try IDSelection.select(
            from: [path], filters: .init(minimumPopularity: 0.5, limit: 700), lineLimit: Self.lineLimit)
        #expect(selection.ids == expected)
        #expect(selection.counts.selected == 700)
        #expect(Self.sum(selection.counts) == 3_000)
    }

    @Test("under a limit, keeps the N most popular distinct ids by their best line, on random lines with repeats")
    func limitWithRepeats() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SplitMix(seed: 26)
        for (count, distinct, limit) in [(4_000, 300, 50), (4_000, 5_000, 700), (2_000, 20, 30), (500, 1, 3)] {
            let lines = (0..<count).map { _ in
                (id: 1 + Int(generator.next() % UInt64(distinct)), popularity: Double(generator.next() % 12) / 4)
            }
            var best: [Int: Double] = [:]
            for line in lines { best[line.id] = max(best[line.id] ?? -1, line.popularity) }
            let ranked = best.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(limit)
            let path = try Self.file(lines.map { Self.line($0.id, popularity: $0.popularity) }, directory)
            let selection = try IDSelection.select(
                from: [path], filters: .init(limit: limit), lineLimit: Self.lineLimit)
            #expect(selection.ids == ranked.map { UInt32($0.key) }.sorted())
            #expect(selection.popularity == ranked.sorted { $0.key < $1.key }.map(\.value))
            #expect(selection.counts.selected == min(limit, best.count))
            #expect(Self.sum(selection.counts) == count)
        }
    }

    @Test("stops a file at the line past its line limit, naming the file, the line and TMDB's size")
    func lineLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file((1...20).map { _ in Self.line(550, popularity: 1) }, directory)
        let limit = ExportLineLimit(type: .movie, typical: 3, maximum: 12)
        let failure = Self.badExport { () throws(ExportError) in
            _ = try IDSelection.select(from: [path], filters: .init(), lineLimit: limit)
        }
        #expect(failure?.file == path && failure?.line == 13)
        #expect(failure?.reason == "more than 12 lines, while TMDB's movie export has about 3: stopping")
        let exactly = try Self.file((1...12).map { Self.line($0, popularity: 1) }, directory, name: "twelve.json.gz")
        #expect(try IDSelection.select(from: [exactly], filters: .init(), lineLimit: limit).ids.count == 12)
        #expect(ExportLineLimit(.movie).maximum == 4_400_000 && ExportLineLimit(.tv).maximum == 800_000)
    }

    @Test(
        "names the file and line of a line that is not an export entry or whose id does not fit",
        arguments: [
            ("not json", "not an ID export line"), (#"{"popularity":1}"#, "no \"id\""),
            (#"{"id":0}"#, "the id 0 is not between 1"), (#"{"id":-4}"#, "the id -4"),
            (#"{"id":4294967296}"#, "the id 4294967296"),
        ])
    func badLine(text: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.file([Self.line(1), Self.line(2), text, Self.line(4)], directory)
        let failure = Self.badExport { () throws(ExportError) in
            _ = try IDSelection.select(from: [path], filters: .init(), lineLimit: Self.lineLimit)
        }
        #expect(failure?.file == path)
        #expect(failure?.line == 3)
        #expect(failure?.reason.contains(reason) == true, "\(String(describing: failure))")
        #expect(
            ExportError.badIDExport(file: path, line: 3, reason: "r").description
                == "the ID export file \(path) is unusable at line 3: r")
    }

    @Test("names the file and line of a CRC mismatch and of a file cut short")
    func damagedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = (1...5_000).map { Self.line($0, popularity: Double($0 % 97)) }
        var bytes = Gzip.compress(Array((lines.joined(separator: "\n") + "\n").utf8))
        let cutPath = (directory.path as NSString).appendingPathComponent("cut.json.gz")
        try Data(bytes.prefix(bytes.count / 3)).write(to: URL(fileURLWithPath: cutPath))
        let cut = Self.badExport { () throws(ExportError) in
            _ = try IDSelection.select(from: [cutPath], filters: .init(), lineLimit: Self.lineLimit)
        }
        #expect(cut?.file == cutPath)
        #expect(cut?.reason.contains("cut short") == true)
        #expect((2..<5_000).contains(cut?.line ?? 0))
        bytes[bytes.count - 8] ^= 0x01
        let crcPath = (directory.path as NSString).appendingPathComponent("crc.json.gz")
        try Data(bytes).write(to: URL(fileURLWithPath: crcPath))
        let crc = Self.badExport { () throws(ExportError) in
            _ = try IDSelection.select(from: [crcPath], filters: .init(), lineLimit: Self.lineLimit)
        }
        #expect(crc?.file == crcPath)
        #expect(crc?.line == 5_001)
        #expect(crc?.reason.contains("CRC-32") == true)
    }
}
