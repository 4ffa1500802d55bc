extension Array where Element == UInt32 {
    /// Keeps each value of a sorted array once, in place.
    /// - Returns: how many repeats were removed.
    @discardableResult
    package mutating func removeRepeatsOfSorted() -> Int {
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

    /// The values of this sorted array that are not in `other` (sorted too).
    package func subtracting(sorted other: [UInt32]) -> [UInt32] {
        var kept: [UInt32] = []
        var index = 0
        for value in self {
            while index < other.count && other[index] < value { index += 1 }
            if index == other.count || other[index] != value { kept.append(value) }
        }
        return kept
    }

    /// The values of this sorted array that are also in `other` (sorted too).
    package func intersecting(sorted other: [UInt32]) -> [UInt32] {
        var kept: [UInt32] = []
        var index = 0
        for value in self {
            while index < other.count && other[index] < value { index += 1 }
            if index < other.count && other[index] == value { kept.append(value) }
        }
        return kept
    }

    /// The position of `value` in this sorted array, by binary search; nil when it is not there.
    package func sortedIndex(of value: UInt32) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
