/// The `capacity` most popular distinct ids offered so far, each with the highest popularity it was offered with
/// (ties to the lower id), in a min-heap whose root is the entry the next better one displaces; popularity and id
/// in two arrays (12 bytes an entry) and each id's place in the heap (about 20 bytes more), so that an id offered
/// again takes no second place.
struct TopPopular {
    let capacity: Int
    private var popularity: [Double] = []
    private var id: [UInt32] = []
    /// Where each id in the heap is.
    private var place: [UInt32: Int] = [:]
    /// How many entries were offered.
    private(set) var offered = 0
    /// Offers of an id that was in the heap at the time: kept once, with the higher popularity.
    private(set) var repeats = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { id.count }
    var entries: [(id: UInt32, popularity: Double)] { Array(zip(id, popularity)) }

    /// Whether entry `a` ranks below entry `b`: less popular, or as popular with a higher id.
    private func ranksBelow(_ a: Int, _ b: Int) -> Bool {
        popularity[a] < popularity[b] || (popularity[a] == popularity[b] && id[a] > id[b])
    }

    /// Offers an entry; false if it is not kept (the heap is full of better ones, or holds the id already).
    @discardableResult
    mutating func offer(popularity value: Double, id newID: UInt32) -> Bool {
        offered += 1
        guard capacity > 0 else { return false }
        if let existing = place[newID] {
            repeats += 1
            // A higher popularity ranks the entry higher: it moves away from the root.
            if value > popularity[existing] {
                popularity[existing] = value
                siftDown(existing)
            }
            return false
        }
        if id.count < capacity {
            popularity.append(value)
            id.append(newID)
            place[newID] = id.count - 1
            siftUp(id.count - 1)
            return true
        }
        guard value > popularity[0] || (value == popularity[0] && newID < id[0]) else { return false }
        place[id[0]] = nil
        popularity[0] = value
        id[0] = newID
        place[newID] = 0
        siftDown(0)
        return true
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        popularity.swapAt(a, b)
        id.swapAt(a, b)
        place[id[a]] = a
        place[id[b]] = b
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard ranksBelow(child, parent) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < id.count else { return }
            var lowest = left
            if left + 1 < id.count, ranksBelow(left + 1, left) { lowest = left + 1 }
            guard ranksBelow(lowest, parent) else { return }
            swapAt(lowest, parent)
            parent = lowest
        }
    }
}
