import Foundation

/// When TMDB's daily export of a day can be downloaded: from 08:00 UTC that day (it is published between 07:00 and
/// 08:00) for about three months.
enum ExportAvailability {
    /// Days a file stays available, today included.
    static let retentionDays = 90
    /// Hour (UTC) from which today's file is available.
    static let publicationHour = 8

    /// Whether the file of `day` can be downloaded at `now`, unless it is one of `missingDays` (`YYYY-MM-DD`).
    static func isPublished(_ day: ExportDay, now: Date, missingDays: Set<String>) -> Bool {
        let today = ExportDay(now)
        guard day <= today, day > today.adding(days: -retentionDays), !missingDays.contains(day.isoDate) else {
            return false
        }
        let secondsToday = now.timeIntervalSince1970 - Double(today.daysSinceEpoch) * 86_400
        return day < today || secondsToday >= Double(publicationHour * 3_600)
    }
}
