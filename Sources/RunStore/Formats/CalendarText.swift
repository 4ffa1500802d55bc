/// Checks a text TMDB sends for a `date` or `datetime` column as PostgreSQL and DuckDB read it, so that a night
/// never holds a value that fails the load: `0000-00-00`, `2026-02-30`, `+275760-09-13`, `2026-02-30T25:61:00.000Z`.
package enum CalendarText {
    /// What a text is worth in a column of its type.
    package enum Verdict: Equatable {
        /// Written as it is.
        case valid
        /// A date and time in a `date` column: written as its date, the time dropped.
        case dateOf(String)
        /// Not a real date or time: written as null.
        case impossible
    }

    /// The verdict on `text` in a column of `type` (`.date` or `.datetime`; any other type is ``Verdict/valid``).
    /// A date is `YYYY-MM-DD`, years 0001–9999, leap years right; a datetime is a date, `T`, `HH:MM:SS` (hours 0–23,
    /// minutes and seconds 0–59: no leap second), an optional fraction, and `Z` or an offset `±HH:MM`. A date alone
    /// is a valid datetime (midnight), as both engines read it.
    package static func verdict(_ text: String, as type: CatalogueColumn.ValueType) -> Verdict {
        guard type == .date || type == .datetime else { return .valid }
        let utf8 = Array(text.utf8)
        switch type {
        case .date:
            guard isDate(utf8, 0) else { return .impossible }
            if utf8.count == 10 { return .valid }
            return isTime(utf8, 10) ? .dateOf(String(decoding: utf8[0..<10], as: UTF8.self)) : .impossible
        case .datetime:
            guard isDate(utf8, 0), utf8.count == 10 || isTime(utf8, 10) else { return .impossible }
            return .valid
        case .integer, .number, .string, .boolean, .list:
            return .valid
        }
    }

    /// Whether `YYYY-MM-DD` starts at `start`: a real day of a year from 0001 to 9999.
    private static func isDate(_ utf8: [UInt8], _ start: Int) -> Bool {
        guard utf8.count >= start + 10, utf8[start + 4] == UInt8(ascii: "-"), utf8[start + 7] == UInt8(ascii: "-"),
            let year = number(utf8, start, 4), let month = number(utf8, start + 5, 2),
            let day = number(utf8, start + 8, 2), year >= 1, (1...12).contains(month)
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// Whether exactly `THH:MM:SS[.fraction](Z|±HH:MM)` runs from `start` to the end.
    private static func isTime(_ utf8: [UInt8], _ start: Int) -> Bool {
        guard utf8.count >= start + 10, utf8[start] == UInt8(ascii: "T"),
            isClock(utf8, start + 1, seconds: true)
        else { return false }
        var index = start + 9
        if utf8[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < utf8.count, number(utf8, index, 1) != nil { index += 1 }
            guard index > digits else { return false }
        }
        guard index < utf8.count else { return false }
        switch utf8[index] {
        case UInt8(ascii: "Z"): return index + 1 == utf8.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return utf8.count == index + 6 && isClock(utf8, index + 1, seconds: false)
        default: return false
        }
    }

    /// Whether `HH:MM` (and `:SS`) starts at `start`, hours 0–23, minutes and seconds 0–59.
    private static func isClock(_ utf8: [UInt8], _ start: Int, seconds: Bool) -> Bool {
        guard utf8.count >= start + (seconds ? 8 : 5), utf8[start + 2] == UInt8(ascii: ":"),
            let hours = number(utf8, start, 2), let minutes = number(utf8, start + 3, 2), hours <= 23, minutes <= 59
        else { return false }
        guard seconds else { return true }
        guard utf8[start + 5] == UInt8(ascii: ":"), let value = number(utf8, start + 6, 2) else { return false }
        return value <= 59
    }

    /// The value of `count` ASCII digits at `start`, or nil.
    private static func number(_ utf8: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= utf8.count else { return nil }
        var value = 0
        for byte in utf8[start..<(start + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
