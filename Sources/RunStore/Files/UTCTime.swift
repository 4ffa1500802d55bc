import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A moment's UTC calendar fields, from the C library's `gmtime_r`.
///
/// Run ids and manifest timestamps are always UTC and whole seconds. Foundation's `Calendar` and
/// `ISO8601DateFormatter` would load ICU's calendar data on first use, which costs milliseconds on every run
/// (measured 1–4 ms each), for what is integer arithmetic.
package struct UTCTime: Equatable, Sendable {
    /// The year, e.g. 2026.
    package var year: Int
    /// The month, 1–12.
    package var month: Int
    /// The day of the month, 1–31.
    package var day: Int
    /// The hour, 0–23.
    package var hour: Int
    /// The minute, 0–59.
    package var minute: Int
    /// The second, 0–60 (60 only for a leap second, which `Date` never produces).
    package var second: Int

    /// The fields of `date`, truncated to the whole second.
    package init(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        gmtime_r(&seconds, &fields)
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
        second = Int(fields.tm_sec)
    }

    /// `20261122T020000Z`: sorts as text in time order.
    package var compact: String {
        Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2) + "T" + Self.padded(hour, 2)
            + Self.padded(minute, 2) + Self.padded(second, 2) + "Z"
    }

    /// `2026-11-22T02:00:00Z` (ISO 8601).
    package var iso8601: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) + "T" + Self.padded(hour, 2)
            + ":" + Self.padded(minute, 2) + ":" + Self.padded(second, 2) + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension UTCTime {
    /// Seconds since 1970 of `2026-11-22T02:00:00Z` (exactly this form, as ``iso8601`` writes it); nil otherwise.
    package static func seconds(iso8601 text: some Collection<UInt8>) -> Int? {
        let bytes = Array(text)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), proleptic Gregorian.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }
}
