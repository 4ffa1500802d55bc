/// The ids whose previous rows a merge leaves out (deleted ∪ replaced), as sorted 32-bit ids: 4 bytes an id, walked
/// in step with the previous file's ascending keys rather than hashed.
package struct DroppedIDs: Sendable {
    private let ids: [UInt32]
    private var cursor = 0
    /// Whether every id but ``ids`` is dropped: a full night keeps only its failed ids' previous rows.
    private var inverted = false

    /// Sorts and deduplicates `ids`.
    package init(_ ids: some Sequence<UInt32>) {
        var sorted = Array(ids)
        sorted.sort()
        var unique: [UInt32] = []
        unique.reserveCapacity(sorted.count)
        for id in sorted where unique.last != id { unique.append(id) }
        self.ids = unique
    }

    /// Every id but `kept`, in any order.
    package init(allBut kept: some Sequence<UInt32>) {
        self.init(kept)
        inverted = true
    }

    /// Whether `key` is dropped; keys must come in ascending order (equal ones repeat the answer).
    package mutating func contains(_ key: Int) -> Bool {
        while cursor < ids.count, Int(ids[cursor]) < key { cursor += 1 }
        return (cursor < ids.count && Int(ids[cursor]) == key) != inverted
    }
}
