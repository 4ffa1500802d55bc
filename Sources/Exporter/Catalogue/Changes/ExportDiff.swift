import RunStore

/// What changed between the ids a snapshot was built from and today's: each list sorted ascending, found in one
/// walk of the two sorted inputs.
struct ExportDiff: Sendable, Hashable {
    /// In today's ids only: new since the snapshot.
    var added: [UInt32] = []
    /// In the snapshot's ids only: gone from today's export (removed, or now adult, or filtered out).
    var removed: [UInt32] = []
    /// In both.
    var kept: [UInt32] = []

    /// Compares two sorted, unique id lists.
    init(snapshot: [UInt32], today: [UInt32]) {
        var old = 0
        var new = 0
        while old < snapshot.count || new < today.count {
            if new == today.count || (old < snapshot.count && snapshot[old] < today[new]) {
                removed.append(snapshot[old])
                old += 1
            } else if old == snapshot.count || today[new] < snapshot[old] {
                added.append(today[new])
                new += 1
            } else {
                kept.append(today[new])
                old += 1
                new += 1
            }
        }
    }

    /// The ids to fetch tonight: every new id, and every kept id the change feed named. Sorted, unique.
    func toFetch(changed: [UInt32]) -> [UInt32] {
        var fetch = kept.intersecting(sorted: changed) + added
        fetch.sort()
        return fetch
    }
}
