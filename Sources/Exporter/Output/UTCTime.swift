import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A moment's UTC calendar fields, from the C library's `gmtime_r`.
///
/// Run ids and manifest timestamps are always UTC and whole seconds. Foundation's `Calendar` and
/// `ISO8601DateFormatter` would load ICU's calendar data on first use, which costs milliseconds on every run
/// (measured 1–4 ms each), for what is integer arithmetic.
struct UTCTime: Equatable, Sendable {
    /// The year, e.g. 2026.
    var year: Int
    /// The month, 1–12.
    var month: Int
    /// The day of the month, 1–31.
    var day: Int
    /// The hour, 0–23.
    var hour: Int
    /// The minute, 0–59.
    var minute: Int
    /// The second, 0–60 (60 only for a leap second, which `Date` never produces).
    var second: Int

    /// The fields of `date`, truncated to the whole second.
    init(_ date: Date) {
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
    var compact: String {
        Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2) + "T" + Self.padded(hour, 2)
            + Self.padded(minute, 2) + Self.padded(second, 2) + "Z"
    }

    /// `2026-11-22T02:00:00Z` (ISO 8601).
    var iso8601: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) + "T" + Self.padded(hour, 2)
            + ":" + Self.padded(minute, 2) + ":" + Self.padded(second, 2) + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
