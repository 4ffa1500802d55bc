/// The order of the slots in an export file: ascending by blocks of ``blockSize`` slots, the blocks of each group of
/// four shuffled by the day, so lines are only roughly in id order, as in TMDB's files (consumers must sort).
struct ExportLineOrder: IteratorProtocol {
    /// Slots per block.
    static let blockSize = 512

    private let size: Int
    private let daySeed: UInt64
    private var group = 0
    private var blockInGroup = 0
    private var cursor = 0
    private var end = 0

    init(size: Int, day: ExportDay) {
        self.size = size
        daySeed = UInt64(bitPattern: Int64(day.daysSinceEpoch))
        (cursor, end) = range()
    }

    /// The next slot; nil after the last.
    mutating func next() -> Int? {
        while cursor >= end {
            blockInGroup += 1
            if blockInGroup == 4 {
                blockInGroup = 0
                group += 1
            }
            guard group * 4 * Self.blockSize < size else { return nil }
            (cursor, end) = range()
        }
        defer { cursor += 1 }
        return cursor
    }

    /// The slots of the current block, clipped to the size (empty past it).
    private func range() -> (Int, Int) {
        var random = SplitMix64(seed: daySeed ^ 0x4F52_4445_52, stream: UInt64(group))
        let permutation = Self.permutations[Int(random.next() % UInt64(Self.permutations.count))]
        let block = group * 4 + permutation[blockInGroup]
        let start = min(size, block * Self.blockSize)
        return (start, min(size, start + Self.blockSize))
    }

    /// The 24 orders of four blocks.
    private static let permutations: [[Int]] = {
        var all: [[Int]] = []
        for a in 0..<4 {
            for b in 0..<4 where b != a {
                for c in 0..<4 where c != a && c != b {
                    all.append([a, b, c, 6 - a - b - c])
                }
            }
        }
        return all
    }()
}
