import Foundation

/// A calendar day in UTC, the unit of TMDB's daily ID exports: names a file (`MM_DD_YYYY`) and seeds what changes
/// from one export to the next.
public struct ExportDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (UTC).
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The UTC day that contains `date`.
    public init(_ date: Date) {
        daysSinceEpoch = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// A valid Gregorian date; nil for anything else (`month` 13, February 30, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day), (1900...9999).contains(year) else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        guard Self(daysSinceEpoch: days).components == (year, month, day) else { return nil }
        daysSinceEpoch = days
    }

    /// Parses `YYYY-MM-DD`.
    public init?(isoDate text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses the `MM_DD_YYYY` of an export file name.
    public init?(fileStamp text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        self.init(isoDate: "\(parts[2])-\(parts[0])-\(parts[1])")
    }

    /// Year, month (1-12) and day (1-31).
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD`.
    public var isoDate: String {
        let (year, month, day) = components
        return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
    }

    /// `MM_DD_YYYY`, as in `movie_ids_05_15_2024.json.gz`.
    public var fileStamp: String {
        let (year, month, day) = components
        return "\(Self.twoDigits(month))_\(Self.twoDigits(day))_\(year)"
    }

    public var description: String { isoDate }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> ExportDay {
        ExportDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    public static func < (lhs: ExportDay, rhs: ExportDay) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
