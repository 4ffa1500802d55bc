import RunStore
import TMDBAPI

/// The decisions of a catalogue run: which id to fetch next, and which answers can be written.
///
/// Ids are fetched in id order, catalogue after catalogue, at most `concurrency` at once and at most `window` past
/// the first id not yet written, so what waits for an earlier answer stays bounded whatever the catalogue's size.
/// Answers are written strictly in id order; each time the written frontier moves, a checkpoint follows.
struct CatalogueSchedule: WorkSchedule {
    /// One catalogue's ids and how far it has got.
    struct Lane {
        var type: CatalogueType
        var ids: CatalogueIDs
        /// The next position to send.
        var next: Int
        /// The first position not yet written.
        var frontier: Int
        var counts: CatalogueCheckpoint.Counts
        /// Answers that came before an earlier one, by position.
        var waiting: [Int: CatalogueResult.Outcome] = [:]
        /// What became of the posters of the ids written by this run (a resumed run counts from its checkpoint).
        var posters = Manifest.PosterCounts()
        /// What the rows written by this run changed in TMDB's values (a resumed run counts from where it resumed).
        var repairs = Manifest.ValueRepairs()
    }

    private(set) var lanes: [Lane]
    let concurrency: Int
    let window: Int
    private var inFlight = 0
    private var sending = 0
    private(set) var stopped = false

    init(lanes: [Lane], concurrency: Int, window: Int) {
        self.lanes = lanes
        self.concurrency = concurrency
        self.window = max(window, concurrency)
    }

    /// Ids sent but not yet written, across catalogues.
    private var outstanding: Int { lanes.reduce(0) { $0 + $1.next - $1.frontier } }

    /// Whether every id of every catalogue is written.
    var isFinished: Bool { lanes.allSatisfy { $0.frontier == $0.ids.count } }

    mutating func nextWork() -> CatalogueWork? {
        guard !stopped, inFlight < concurrency, outstanding < window else { return nil }
        while sending < lanes.count, lanes[sending].next >= lanes[sending].ids.count { sending += 1 }
        guard sending < lanes.count else { return nil }
        let position = lanes[sending].next
        lanes[sending].next += 1
        inFlight += 1
        return CatalogueWork(catalogue: sending, position: position, id: lanes[sending].ids[position])
    }

    mutating func release(_ result: CatalogueResult) {
        inFlight -= 1
    }

    mutating func record(_ result: CatalogueResult) throws(ExportError) -> [CatalogueEffect] {
        let work = result.work
        switch result.outcome {
        case .stopRun(let error):
            throw error
        case .notSent:
            // Only when stopping: the position stays unwritten and the frontier stops before it.
            return []
        default:
            lanes[work.catalogue].waiting[work.position] = result.outcome
        }
        var effects: [CatalogueEffect] = []
        var lane = lanes[work.catalogue]
        while let outcome = lane.waiting.removeValue(forKey: lane.frontier) {
            let id = lane.ids[lane.frontier]
            switch outcome {
            case .rows(let rows, let poster):
                lane.counts.fetched += 1
                lane.repairs.add(rows.repairs)
                effects.append(.write(catalogue: work.catalogue, rows))
                effects.append(.event(.detailsFinished(succeeded: true)))
                if let poster {
                    lane.posters.count(poster)
                    if case .failed(let file, let reason) = poster {
                        effects.append(
                            .failure(Manifest.Failure(.poster(file), reason: reason)))
                        effects.append(.event(.failure("poster \(file): \(reason)")))
                    }
                }
            case .removed:
                lane.counts.removed += 1
                effects.append(.event(.detailsFinished(succeeded: true)))
            case .failed(let reason):
                lane.counts.failed += 1
                let failure = Manifest.Failure(.details(lane.type, id: id), reason: reason)
                effects.append(.failure(failure))
                effects.append(.event(.detailsFinished(succeeded: false)))
                effects.append(.event(.failure("\(lane.type.rawValue)/\(id): \(reason)")))
            case .stopRun, .notSent:
                preconditionFailure("never held back")
            }
            lane.frontier += 1
        }
        let moved = !effects.isEmpty
        lanes[work.catalogue] = lane
        if moved {
            effects.append(.checkpoint(positions: lanes.map(\.frontier), counts: lanes.map(\.counts)))
        }
        return effects
    }

    mutating func stop() {
        stopped = true
    }
}
