/// Export ids kept as their lines stream by, each id once with the highest popularity of its lines (a line without
/// one, NaN, ranks below every number), so memory follows the distinct ids, not the lines.
///
/// Entries are a sorted, de-duplicated part followed by a tail not yet sorted. Lines in id order (TMDB writes its
/// files so) extend the sorted part in place; a repeat of the last id only updates its popularity. Otherwise the tail
/// grows until it holds a quarter of the sorted part (or 64 Ki entries), then it is sorted, de-duplicated and merged
/// in: at most about 1.25 entries of 16 bytes per distinct id, and a tail-sized copy while merging.
struct DistinctExportIDs {
    struct Entry {
        var id: UInt32
        var popularity: Double
    }

    /// The tail is merged in once it is larger than this and than a quarter of the sorted part.
    static let minimumTail = 1 << 16

    private(set) var entries: [Entry] = []
    /// `entries[..<sortedCount]` is sorted by id, each id once.
    private var sortedCount = 0
    /// Lines that repeated an id already kept.
    private(set) var repeats = 0

    /// Keeps `id` with `popularity` (NaN: none), or raises the popularity of an id kept before.
    mutating func add(id: UInt32, popularity: Double) {
        if sortedCount == entries.count, entries.last.map({ id >= $0.id }) ?? true {
            if let last = entries.last, id == last.id {
                repeats += 1
                if Self.isBetter(popularity, than: last.popularity) { entries[sortedCount - 1].popularity = popularity }
                return
            }
            entries.append(Entry(id: id, popularity: popularity))
            sortedCount += 1
            return
        }
        entries.append(Entry(id: id, popularity: popularity))
        if entries.count - sortedCount > max(sortedCount / 4, Self.minimumTail) { mergeTail() }
    }

    /// The ids, ascending, each with the highest popularity of its lines (NaN when none had one).
    mutating func finish() -> (ids: [UInt32], popularity: [Double]) {
        mergeTail()
        var ids: [UInt32] = []
        var popularity: [Double] = []
        ids.reserveCapacity(entries.count)
        popularity.reserveCapacity(entries.count)
        for entry in entries {
            ids.append(entry.id)
            popularity.append(entry.popularity)
        }
        entries = []
        sortedCount = 0
        return (ids, popularity)
    }

    /// Whether popularity `a` beats `b`: higher, or a number against none.
    static func isBetter(_ a: Double, than b: Double) -> Bool {
        a > b || (b.isNaN && !a.isNaN)
    }

    /// Sorts the tail, drops its repeats and merges it into the sorted part, from the back, in place.
    private mutating func mergeTail() {
        guard sortedCount < entries.count else { return }
        entries[sortedCount...].sort {
            $0.id < $1.id || ($0.id == $1.id && Self.isBetter($0.popularity, than: $1.popularity))
        }
        // The first of each id in the sorted tail has its highest popularity.
        var end = sortedCount + 1
        for index in (sortedCount + 1)..<entries.count {
            if entries[index].id == entries[end - 1].id {
                repeats += 1
            } else {
                entries[end] = entries[index]
                end += 1
            }
        }
        entries.removeLast(entries.count - end)
        guard sortedCount > 0, entries[sortedCount].id <= entries[sortedCount - 1].id else {
            sortedCount = entries.count
            return
        }
        let tail = Array(entries[sortedCount...])
        // Writing from the back never overtakes reading: `write - read` stays at least the tail entries left.
        var read = sortedCount - 1
        var next = tail.count - 1
        var write = entries.count - 1
        while next >= 0 {
            if read >= 0, entries[read].id > tail[next].id {
                entries[write] = entries[read]
                read -= 1
            } else if read >= 0, entries[read].id == tail[next].id {
                var entry = entries[read]
                if Self.isBetter(tail[next].popularity, than: entry.popularity) {
                    entry.popularity = tail[next].popularity
                }
                entries[write] = entry
                read -= 1
                next -= 1
                repeats += 1
            } else {
                entries[write] = tail[next]
                next -= 1
            }
            write -= 1
        }
        // Each repeat merged left one slot free between the entries read and those written.
        let gap = write - read
        if gap > 0 {
            for index in (write + 1)..<entries.count { entries[index - gap] = entries[index] }
            entries.removeLast(gap)
        }
        sortedCount = entries.count
    }
}
