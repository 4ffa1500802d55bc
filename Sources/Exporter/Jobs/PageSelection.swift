import Foundation
import HTTPClient
import TMDBAPI

/// Which pages of a list a request fetches: `"7"`, `"1-25"` or `"all"` (1 … min(total_pages, 500)).
public enum PageSelection: Sendable, Hashable, CustomStringConvertible {
    /// A closed range of pages, 1 ≤ lower ≤ upper ≤ 500.
    case range(ClosedRange<Int>)
    /// Every page the list has, up to TMDB's 500-page cap; learned from page 1.
    case all

    /// What is wrong with a page string, for job-file errors.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The explanation.
        public var message: String
        public var description: String { message }
    }

    /// The expected forms, for error messages.
    public static let expectedForms = "expected \"N\", \"A-B\" with 1 ≤ A ≤ B ≤ \(TMDB.maximumPage), or \"all\""

    /// Parses `"7"`, `"1-25"` or `"all"`.
    public static func parse(_ text: String) throws(ParseError) -> PageSelection {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "all" { return .all }
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let lower = Int(parts[0]), let upper = Int(parts[parts.count - 1])
        else {
            throw ParseError(message: "\(SafeText.quoted(text)) is not a page range (\(expectedForms))")
        }
        guard lower >= 1 else {
            throw ParseError(message: "\(SafeText.quoted(text)): pages start at 1 (\(expectedForms))")
        }
        guard upper >= lower else {
            throw ParseError(message: "\(SafeText.quoted(text)): the range ends before it starts (\(expectedForms))")
        }
        guard upper <= TMDB.maximumPage else {
            throw ParseError(
                message: "\(SafeText.quoted(text)): TMDB serves at most \(TMDB.maximumPage) pages (\(expectedForms))")
        }
        return .range(lower...upper)
    }

    /// The first page to fetch: known before the list's size is.
    public var firstPage: Int {
        switch self {
        case .range(let range): range.lowerBound
        case .all: 1
        }
    }

    /// The pages to fetch once the first page has said the list's last page, or nil when it could not: a range
    /// stops there too (pages past the list's end can only be empty), but never before its own first page.
    public func pages(lastServedPage: Int?) -> ClosedRange<Int> {
        switch self {
        case .range(let range):
            guard let lastServedPage else { return range }
            return range.lowerBound...max(range.lowerBound, min(range.upperBound, lastServedPage))
        case .all:
            return 1...max(1, lastServedPage ?? 1)
        }
    }

    /// How many pages the selection names: a range's length; nil for `all`, whose size is the list's.
    public var count: Int? {
        switch self {
        case .range(let range): range.count
        case .all: nil
        }
    }

    public var description: String {
        switch self {
        case .all: "all"
        case .range(let range): range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
        }
    }
}
