import Foundation

extension ExportDay {
    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> ExportDay {
        ExportDay(dayOf: Date(timeIntervalSince1970: Double(daysSinceEpoch + count) * 86_400))
    }

    /// Whole days from `self` to `other`: 1 from a day to the next.
    public func days(to other: ExportDay) -> Int { other.daysSinceEpoch - daysSinceEpoch }
}

extension ExportDay {
    /// 12:00 UTC of the day: after the day's export is published, the time `--date` runs at.
    public var noon: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400 + 12 * 3_600) }
}
