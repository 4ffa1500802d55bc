import Foundation

/// Run ids: the UTC start time, `yyyyMMdd'T'HHmmss'Z'`, so that sorting names sorts runs by time.
package enum RunID {
    /// The id for a start time, e.g. `20261122T020000Z`.
    package static func make(for date: Date) -> String {
        UTCTime(date).compact
    }

    /// An id for `date` not yet used under any of `directories`: a `-2`, `-3`, … suffix is added when two runs
    /// start within the same second.
    package static func unique(for date: Date, notIn directories: [String]) -> String {
        let base = make(for: date)
        var candidate = base
        var counter = 2
        while directories.contains(where: {
            FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent(candidate))
        }) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        return candidate
    }
}
