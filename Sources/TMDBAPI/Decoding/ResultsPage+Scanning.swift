import Foundation

extension ResultsPage {
    /// Decodes a page: with a ``JSONScanner`` when the page is exactly as expected, else with `JSONDecoder`, which
    /// skips odd items (``LossyList``) and explains failures.
    ///
    /// `JSONDecoder`'s generic `Decodable` machinery took ~20% of an export's CPU, on the path from one answer to
    /// the next request (measured in `bench/analysis.md`); the scanner reads the same page several times faster.
    public static func decode(_ body: Data) throws -> ResultsPage {
        if let itemType = Item.self as? any ScannableListItem.Type, let page = scannedPage(of: itemType, body) as? ResultsPage {
            return page
        }
        return try JSONDecoder().decode(ResultsPage.self, from: body)
    }
}

/// ``ResultsPage/scanned(_:)`` for an item type known only at run time.
private func scannedPage<Scanned: ScannableListItem>(of items: Scanned.Type, _ body: Data) -> Any? {
    ResultsPage<Scanned>.scanned(body)
}

extension ResultsPage where Item: ScannableListItem {
    /// The page read by the scanner, or nil if any part of it is not as expected (see ``ScannableListItem``).
    static func scanned(_ body: Data) -> ResultsPage? {
        body.withUnsafeBytes { bytes -> ResultsPage? in
            var scanner = JSONScanner(bytes)
            var page: Int?
            var results: [Item]?
            var totalPages: Int?
            var totalResults: Int?
            var dates: DateWindow?
            var seen = SeenKeys()
            let complete = scanner.object { scanner, key in
                switch key {
                case "page":
                    guard seen.first(0), let value = scanner.int() else { return false }
                    page = value
                case "results":
                    guard seen.first(1), let value = scanner.array(of: { Item(scanning: &$0) }) else { return false }
                    results = value
                case "total_pages":
                    guard seen.first(2), let value = scanner.nullable({ $0.int() }) else { return false }
                    totalPages = value
                case "total_results":
                    guard seen.first(3), let value = scanner.nullable({ $0.int() }) else { return false }
                    totalResults = value
                case "dates":
                    guard seen.first(4), let value = scanner.nullable({ Self.dateWindow(&$0) }) else { return false }
                    dates = value
                default:
                    return scanner.skipValue()
                }
                return true
            }
            guard complete, scanner.isAtEnd(), let page, let results else { return nil }
            return ResultsPage(
                page: page, results: results, totalPages: totalPages ?? page, totalResults: totalResults ?? results.count,
                dates: dates)
        }
    }

    /// The `dates` object; nil for any other shape (which `JSONDecoder` then reads as no dates).
    private static func dateWindow(_ scanner: inout JSONScanner) -> DateWindow? {
        var window = DateWindow()
        var seen = SeenKeys()
        let complete = scanner.object { scanner, key in
            switch key {
            case "maximum":
                guard seen.first(0), let value = scanner.nullable({ $0.string() }) else { return false }
                window.maximum = value
            case "minimum":
                guard seen.first(1), let value = scanner.nullable({ $0.string() }) else { return false }
                window.minimum = value
            default:
                return scanner.skipValue()
            }
            return true
        }
        return complete ? window : nil
    }
}
