import HTTPClient

/// What every ``WorkLoop`` of a run shares: the stop request, the stall limit, what the run waits on (for a stall's
/// error) and the watchdog's clock. The catalogues' planning (change feeds, discover pages) and their details run
/// under the same controls, so a stop request or a stall ends any phase alike.
struct LoopControls: Sendable {
    var stop: StopRequest?
    var stallLimit: Duration?
    var waiting: @Sendable () -> [String]
    var clock: ElapsedClock

    /// The controls of a run whose requests go through `api`: a stall names the first five requests it waits on,
    /// and with `countingTheRest` how many more there were.
    init(stop: StopRequest?, stallLimit: Duration?, clock: ElapsedClock, api: APIClient, countingTheRest: Bool = false)
    {
        let activity = api.activity
        self.stop = stop
        self.stallLimit = stallLimit
        self.clock = clock
        waiting = {
            let now = ContinuousClock.now
            let waits = activity.waits(at: now)
            return waits.prefix(5).map { $0.description(at: now) }
                + (countingTheRest && waits.count > 5 ? ["\(waits.count - 5) more"] : [])
        }
    }

    /// A loop that does each piece of work with `perform`, under these controls.
    func loop<Schedule: WorkSchedule>(
        _ perform: @escaping @Sendable (Schedule.Work) async -> Schedule.Result
    ) -> WorkLoop<Schedule> {
        WorkLoop(perform: perform, stop: stop, stallLimit: stallLimit, waiting: waiting, clock: clock)
    }
}

extension LoopControls {
    /// No stop request and no stall limit: for a loop whose caller bounds it otherwise (tests, a bench).
    static func unwatched(_ api: APIClient) -> LoopControls {
        LoopControls(stop: nil, stallLimit: nil, clock: ElapsedClock(ContinuousClock()), api: api)
    }
}
