import Foundation

/// Numbers as the report prints them: the same on every machine, whatever its locale.
package enum ReportFormat {
    /// `10000` as `10,000`.
    package static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (number < 0 ? "-" : "") + grouped
    }

    /// A duration: `0.004 s`, `12.4 s`, `3 min 05 s`, `2 h 07 min`.
    package static func seconds(_ seconds: Double) -> String {
        if seconds < 1 { return String(format: "%.3f s", seconds) }
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return String(format: "%d min %02d s", whole / 60, whole % 60) }
        return String(format: "%d h %02d min", whole / 3600, (whole % 3600) / 60)
    }

    /// A size in bytes, in powers of 1000: `512 B`, `2.9 MB`.
    package static func bytes(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        var value = Double(bytes)
        for unit in ["kB", "MB", "GB", "TB"] {
            value /= 1000
            if value < 1000 || unit == "TB" { return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + unit }
        }
        return "\(bytes) B"
    }

    /// A share as a percentage with one decimal: `12.5%`.
    package static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return String(format: "%.1f%%", Double(part) * 100 / Double(whole))
    }

    /// `2026-11-26T07:05:37Z` as `2026-11-26 07:05 UTC`; anything else as it is.
    package static func time(_ iso8601: String) -> String {
        let parts = iso8601.split(separator: "T")
        guard parts.count == 2, parts[1].hasSuffix("Z"), parts[1].count >= 6 else { return iso8601 }
        return "\(parts[0]) \(parts[1].prefix(5)) UTC"
    }
}
