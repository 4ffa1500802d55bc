import Foundation
import JSON

extension ResultsPage {
    /// Decodes a page: with a ``JSONScanner`` when the page is exactly as expected, else with ``decodeUnusual(_:)``.
    ///
    /// With the scanner an export of 500 pages executes 17% fewer instructions than with `JSONDecoder` alone, and
    /// decoding takes half as many (figures in `bench/analysis.md`).
    public static func decode(_ body: Data) throws -> ResultsPage {
        if let page = scanned(body) { return page }
        return try decodeUnusual(body)
    }

    /// Decodes a page the scanner declined, losing no item without a trace: strings that are not valid Unicode are
    /// repaired (``JSONTextRepair``) and counted in ``repairedStrings``; the repaired text is read by the scanner if
    /// that was all that was wrong, else by `JSONDecoder`, which rejects odd items (``LossyList``) and explains
    /// failures. Each rejected item is given its JSON text and its id, when it has one.
    static func decodeUnusual(_ body: Data) throws -> ResultsPage {
        let repaired = body.withUnsafeBytes { JSONTextRepair.repair($0) }
        let text = repaired.map { Data($0.bytes) } ?? body
        var page = try repaired.flatMap { _ in scanned(text) } ?? JSONDecoder().decode(ResultsPage.self, from: text)
        page.repairedStrings = repaired?.strings ?? 0
        if !page.results.skipped.isEmpty { page.results.attachText(fromPage: text) }
        return page
    }

    /// The page read by the scanner, or nil if any part of it is not as expected (see ``ListItem``).
    static func scanned(_ body: Data) -> ResultsPage? {
        body.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            guard let page = try? ResultsPage(scanning: &scanner), scanner.isAtEnd() else { return nil }
            return page
        }
    }

    private init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var page: Int?
        var results: [Item]?
        var totalPages: Int?
        var totalResults: Int?
        var dates: DateWindow?
        var seen = SeenKeys()
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            switch key {
            case "page":
                try seen.insert(0, scanner)
                page = try scanner.int()
            case "results":
                try seen.insert(1, scanner)
                var items: [Item] = []
                items.reserveCapacity(TMDB.pageSize)
                var array = try scanner.openArray()
                while try scanner.nextElement(in: &array) { items.append(try Item(scanning: &scanner)) }
                results = items
            case "total_pages":
                try seen.insert(2, scanner)
                totalPages = try scanner.null() ? nil : scanner.int()
            case "total_results":
                try seen.insert(3, scanner)
                totalResults = try scanner.null() ? nil : scanner.int()
            case "dates":
                try seen.insert(4, scanner)
                dates = try scanner.null() ? nil : DateWindow(scanning: &scanner)
            default:
                try scanner.skipValue()
            }
        }
        guard let page, let results else { throw scanner.failure("a page without page or results") }
        self.init(
            page: page, results: results, totalPages: totalPages ?? page, totalResults: totalResults ?? results.count,
            dates: dates)
    }
}

extension ResultsPage.DateWindow {
    /// Fails for anything but an object of nullable strings, which `JSONDecoder` then reads as no dates.
    fileprivate init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var seen = SeenKeys()
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            switch key {
            case "maximum":
                try seen.insert(0, scanner)
                maximum = try scanner.null() ? nil : scanner.string()
            case "minimum":
                try seen.insert(1, scanner)
                minimum = try scanner.null() ? nil : scanner.string()
            default:
                try scanner.skipValue()
            }
        }
    }
}
