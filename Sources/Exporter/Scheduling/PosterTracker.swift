/// The poster lane's bookkeeping: which files are queued, in flight or resolved, and which requests wait on them.
/// A file is fetched at most once per run however many rows and lists share it.
final class PosterTracker {
    /// How a poster was resolved.
    enum Outcome: Sendable, Hashable {
        case downloaded
        case alreadyPresent
        case failed
    }

    private(set) var outcomes: [String: Outcome] = [:]
    private var queue: [String] = []
    private var queueHead = 0
    private var scheduled: Set<String> = []
    private var waiters: [String: Set<Int>] = [:]
    /// Distinct files that were (or will be) fetched: for progress totals.
    private(set) var plannedDownloads = 0

    /// Records that request `requestIndex` needs `file`; returns true when it must wait for it.
    /// `isPresent` is asked once per file to skip files already on disk.
    func need(_ file: String, by requestIndex: Int, isPresent: (String) -> Bool) -> Bool {
        if outcomes[file] != nil { return false }
        waiters[file, default: []].insert(requestIndex)
        if scheduled.contains(file) { return true }
        if isPresent(file) {
            outcomes[file] = .alreadyPresent
            waiters[file] = nil
            return false
        }
        scheduled.insert(file)
        queue.append(file)
        plannedDownloads += 1
        return true
    }

    /// The next file to download, if any is queued.
    func nextDownload() -> String? {
        guard queueHead < queue.count else { return nil }
        let file = queue[queueHead]
        queueHead += 1
        if queueHead > 1024 {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return file
    }

    /// Records a resolved download; returns the requests that were waiting for it.
    func resolve(_ file: String, as outcome: Outcome) -> Set<Int> {
        outcomes[file] = outcome
        return waiters.removeValue(forKey: file) ?? []
    }
}
