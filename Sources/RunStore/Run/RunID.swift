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

    /// Whether `name` is a run id as ``unique(for:notIn:)`` makes them (`20261122T020000Z`, `…Z-2`): checked on its
    /// bytes before a name read from the disk (`latest`'s target) becomes a path.
    package static func isRunID(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 16, bytes.count <= 24 else { return false }
        let digits = { (range: Range<Int>) in bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard digits(0..<8), bytes[8] == 0x54, digits(9..<15), bytes[15] == 0x5A else { return false }
        return bytes.count == 16 || (bytes[16] == 0x2D && bytes.count > 17 && digits(17..<bytes.count))
    }
}
