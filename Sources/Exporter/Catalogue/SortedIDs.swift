extension Array where Element == UInt32 {
    /// Keeps each value of a sorted array once, in place.
    /// - Returns: how many repeats were removed.
    @discardableResult
    mutating func removeRepeatsOfSorted() -> Int {
        guard !isEmpty else { return 0 }
        var write = 1
        for read in 1..<count where self[read] != self[write - 1] {
            self[write] = self[read]
            write += 1
        }
        let repeats = count - write
        removeSubrange(write...)
        return repeats
    }
}
