import Foundation

/// A calendar day (UTC) of TMDB's daily ID exports, e.g. 2026-11-23.
public struct ExportDay: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to the month's length.
    public let day: Int

    /// The hour (UTC) by which a day's files are published: they appear between 07:00 and 08:00.
    public static let publicationHour = 8

    /// A day of the Gregorian calendar between the years 1 and 9999; nil for one that does not exist (2026-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, exactly that shape (four, two and two digits), of a day that exists.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The UTC day `date` falls on.
    public init(dayOf date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        (year, month, day) = Self.civil(daysSinceEpoch: days)
    }

    /// The day before.
    public var previous: ExportDay {
        if day > 1 { return ExportDay(uncheckedYear: year, month: month, day: day - 1) }
        if month > 1 {
            return ExportDay(uncheckedYear: year, month: month - 1, day: Self.length(ofMonth: month - 1, in: year))
        }
        return ExportDay(uncheckedYear: year - 1, month: 12, day: 31)
    }

    /// The newest day whose files are published at `date`: today's from 08:00 UTC, yesterday's before.
    public static func latestPublished(at date: Date) -> ExportDay {
        let today = ExportDay(dayOf: date)
        let secondsIntoDay = date.timeIntervalSince1970 - Double(today.daysSinceEpoch) * 86_400
        return secondsIntoDay < Double(publicationHour * 3_600) ? today.previous : today
    }

    /// `YYYY-MM-DD`.
    public var description: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))" }

    /// `MM_DD_YYYY`, as TMDB's file names write the day.
    public var fileNameText: String { "\(Self.padded(month, 2))_\(Self.padded(day, 2))_\(Self.padded(year, 4))" }

    public static func < (lhs: ExportDay, rhs: ExportDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSinceEpoch days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
