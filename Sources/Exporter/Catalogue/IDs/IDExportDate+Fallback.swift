import Foundation
import TMDBAPI

extension IDExportDate {
    /// Fetches, with `fetch`, the file of the day this date names; for `latest`, when that day's file is not
    /// published (404), the file of the day before (once, never further).
    /// - Returns: what `fetch` gave, the day it fetched, and the day asked for: they differ after a fallback.
    func fetch<Fetched>(
        now: Date, _ fetch: (ExportDay) async throws(ExportError) -> Fetched
    ) async throws(ExportError) -> (fetched: Fetched, day: ExportDay, requested: ExportDay) {
        let (requested, mayFallBack) =
            switch self {
            case .latest: (ExportDay.latestPublished(at: now), true)
            case .day(let day): (day, false)
            }
        do throws(ExportError) {
            return (try await fetch(requested), requested, requested)
        } catch .idExportDownload(_, let error) where mayFallBack && error.httpStatus == 404 {
            return (try await fetch(requested.previous), requested.previous, requested)
        }
    }
}
