import Foundation

extension ExportDay {
    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> ExportDay {
        ExportDay(dayOf: Date(timeIntervalSince1970: Double(daysSinceEpoch + count) * 86_400))
    }

    /// Whole days from `self` to `other`: 1 from a day to the next.
    public func days(to other: ExportDay) -> Int { other.daysSinceEpoch - daysSinceEpoch }
}
