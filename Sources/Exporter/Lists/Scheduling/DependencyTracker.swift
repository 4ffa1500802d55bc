/// Work that rows depend on (poster downloads, details look-ups): which keys are queued, in flight or resolved,
/// and which list requests wait on them. Each key is worked on at most once per run, however many rows and lists
/// share it.
struct DependencyTracker<Key: Hashable & Sendable, Outcome: Sendable>: Sendable {
    private(set) var outcomes: [Key: Outcome] = [:]
    private var queue: [Key] = []
    private var queueHead = 0
    private var scheduled: Set<Key> = []
    private var waiters: [Key: Set<Int>] = [:]
    /// Distinct keys queued so far: for progress totals.
    private(set) var planned = 0

    /// Records that request `requestIndex` needs `key`; returns true when it must wait for it. `known` resolves
    /// a key at once (a poster already on disk) without queueing it.
    mutating func need(_ key: Key, by requestIndex: Int, known: Outcome? = nil) -> Bool {
        if outcomes[key] != nil { return false }
        waiters[key, default: []].insert(requestIndex)
        if scheduled.contains(key) { return true }
        if let known {
            outcomes[key] = known
            waiters[key] = nil
            return false
        }
        scheduled.insert(key)
        queue.append(key)
        planned += 1
        return true
    }

    /// The next key to work on, if any is queued.
    mutating func next() -> Key? {
        guard queueHead < queue.count else { return nil }
        let key = queue[queueHead]
        queueHead += 1
        if queueHead > 1024 {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return key
    }

    /// Records a resolved key; returns the requests that were waiting for it.
    mutating func resolve(_ key: Key, as outcome: Outcome) -> Set<Int> {
        outcomes[key] = outcome
        return waiters.removeValue(forKey: key) ?? []
    }
}
