import Foundation
import TMDBAPI
import Testing

@Suite("ExportDay: the UTC day of an ID export, parsed, stepped back and resolved around 08:00 UTC")
struct ExportDayTests {
    /// The instant `text` (ISO 8601 with Z) names.
    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test(
        "parses YYYY-MM-DD of days that exist",
        arguments: [("2026-11-23", 2026, 11, 23), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29)])
    func parses(text: String, year: Int, month: Int, day: Int) {
        let parsed = ExportDay(text)
        #expect(parsed?.year == year && parsed?.month == month && parsed?.day == day)
        #expect(parsed?.description == text)
    }

    @Test(
        "refuses text that is not YYYY-MM-DD or a day that does not exist",
        arguments: [
            "2026-2-3", "2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", "1900-02-29", "2023-02-29",
            "26-11-23", "2026/11/23", "2026-11-23 ", "+026-11-23", "2026-1a-01", "latest", "",
        ])
    func refuses(text: String) {
        #expect(ExportDay(text) == nil)
    }

    @Test(
        "steps back a day across month, year and leap-day boundaries",
        arguments: [
            ("2026-11-23", "2026-11-22"), ("2026-03-01", "2026-02-28"), ("2024-03-01", "2024-02-29"),
            ("2026-01-01", "2025-12-31"), ("2026-05-01", "2026-04-30"), ("2026-08-01", "2026-07-31"),
        ])
    func previous(day: String, before: String) {
        #expect(ExportDay(day)?.previous == ExportDay(before))
    }

    @Test(
        "resolves the latest published day: yesterday's before 08:00 UTC, today's from 08:00",
        arguments: [
            ("2026-11-23T07:59:59Z", "2026-11-22"), ("2026-11-23T08:00:00Z", "2026-11-23"),
            ("2026-11-23T23:59:59Z", "2026-11-23"), ("2026-11-23T00:00:00Z", "2026-11-22"),
            ("2026-03-01T03:00:00Z", "2026-02-28"), ("2024-03-01T07:00:00Z", "2024-02-29"),
            ("2027-01-01T07:30:00Z", "2026-12-31"), ("2027-01-01T08:30:00Z", "2027-01-01"),
            ("1969-12-31T12:00:00Z", "1969-12-31"),
        ])
    func latestPublished(at instant: String, day: String) {
        #expect(ExportDay.latestPublished(at: Self.instant(instant)) == ExportDay(day))
    }

    @Test("orders days by date")
    func ordering() throws {
        let days = ["2026-01-02", "2025-12-31", "2026-01-01"].compactMap(ExportDay.init)
        #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-01-01", "2026-01-02"])
    }
}
