import Foundation
import RunStore

/// What a catalogue's main-table row (`movies`, `tv_series`) takes from outside its details answer: the night's
/// export popularity, and when the answer arrived (its `fetched_at`, and its `votes_at` until a discover page
/// refreshes the votes).
public struct RowFreshness: Sendable, Hashable {
    /// The export line's popularity; nil when it had none.
    public var popularity: Double?
    /// ISO 8601, UTC, whole seconds: `2026-11-26T02:14:07Z`.
    public var fetchedAt: String

    public init(popularity: Double?, fetchedAt: String) {
        self.popularity = popularity
        self.fetchedAt = fetchedAt
    }

    public init(popularity: Double?, fetchedAt: Date) {
        self.init(popularity: popularity, fetchedAt: UTCTime(fetchedAt).iso8601)
    }
}
