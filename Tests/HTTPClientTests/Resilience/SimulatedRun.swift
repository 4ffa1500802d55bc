import HTTPClient
import Synchronization
import TestSupport

/// A server's rate limit as the sandbox has it: a token bucket of `rate` tokens per second that holds one second's
/// worth. Times are durations since the run began.
struct SimulatedServerLimit {
    private(set) var rate: Double
    private var tokens: Double
    private var updated = Duration.zero

    init(rate: Double) {
        self.rate = rate
        tokens = max(rate, 1)
    }

    /// Whether a request arriving at `time` gets through; if not, the server answers 429 without `Retry-After`.
    mutating func admits(at time: Duration) -> Bool {
        tokens = min(max(rate, 1), tokens + (time - updated).seconds * rate)
        updated = time
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Changes the limit from `time` on, as a server under other load might.
    mutating func change(rate newRate: Double, at time: Duration) {
        _ = admits(at: time)
        tokens += 1
        rate = newRate
        tokens = min(tokens, max(rate, 1))
    }
}

/// A run through a rate limiter on a ``ManualClock``, simulated event by event: the client always has a request
/// ready, holds at most `connections` in flight, sometimes stalls, and gets each answer back after a latency; the
/// clock moves from one event to the next, so a minute of traffic takes no minute to test.
struct SimulatedRun {
    struct Outcome {
        /// When each request was granted a token, and whether the server let it through.
        var requests: [(grantedAt: Duration, admitted: Bool)] = []
        /// The limiter's rate after each grant.
        var rates: [(time: Duration, rate: Double)] = []

        var grants: [Duration] { requests.map(\.grantedAt) }
        var throttled: Int { requests.count { !$0.admitted } }
        var admitted: Int { requests.count { $0.admitted } }

        /// The requests granted from `start` on: how many, how many drew a 429, and how many got through per second.
        func since(_ start: Duration) -> (requests: Int, throttled: Int, admittedPerSecond: Double) {
            let late = requests.filter { $0.grantedAt >= start }
            let span = ((late.last?.grantedAt ?? start) - start).seconds
            return (late.count, late.count { !$0.admitted }, Double(late.count { $0.admitted }) / span)
        }

        /// The mean of the limiter's rate over grants from `start` on.
        func meanRate(from start: Duration) -> Double {
            let late = rates.filter { $0.time >= start }.map(\.rate)
            return late.reduce(0, +) / Double(late.count)
        }

        /// The most requests granted in any span beyond what `rate` over that span allows.
        func largestBurst(rate: Double) -> Double {
            // With f(k) = k − rate × t(k), the requests granted in [t(i), t(j)] beyond the rate are f(j) − f(i) + 1.
            var lowest = Double.infinity
            var largest = 0.0
            for (index, time) in grants.enumerated() {
                let excess = Double(index) - rate * time.seconds
                lowest = min(lowest, excess)
                largest = max(largest, excess - lowest + 1)
            }
            return largest
        }
    }

    var connections = 20
    /// Each request's round trip, by its number: 30 to 70 ms, varied without a random generator.
    var latency: (Int) -> Duration = { .milliseconds(30 + ($0 * 37) % 41) }
    /// How often the client stalls (a busy machine descheduling it), and for how long it sends nothing then.
    var stallEvery = Duration.seconds(1)
    var stall = Duration.milliseconds(150)
    /// When the server's limit changes, if it does.
    var limitChange: (at: Duration, rate: Double)?

    func run(
        through limiter: RateLimiter, on clock: ManualClock, to server: SimulatedServerLimit, for duration: Duration
    ) async throws -> Outcome {
        var server = server
        var outcome = Outcome()
        var inFlight: [(answerAt: Duration, admitted: Bool)] = []
        var nextStall = stallEvery
        var limitChange = self.limitChange

        func deliverFirstAnswer() async {
            let answer = inFlight.removeFirst()
            if answer.answerAt > clock.elapsed { clock.advance(by: answer.answerAt - clock.elapsed) }
            if answer.admitted {
                await limiter.admitted()
            } else {
                await limiter.throttled(retryAfter: nil)
            }
        }

        while clock.elapsed < duration {
            while inFlight.count >= connections { await deliverFirstAnswer() }
            if clock.elapsed >= nextStall {
                let resume = clock.elapsed + stall
                while let first = inFlight.first, first.answerAt <= resume { await deliverFirstAnswer() }
                clock.advance(by: resume - clock.elapsed)
                nextStall += stallEvery
            }
            let granted = Flag()
            let acquiring = Task {
                try await limiter.acquire()
                granted.raise()
            }
            while !granted.isRaised {
                guard let deadline = clock.deadlines.first else {
                    await Self.firstOf(granted, clock)
                    continue
                }
                if let first = inFlight.first, first.answerAt <= deadline {
                    await deliverFirstAnswer()
                } else {
                    clock.advance(by: deadline - clock.elapsed)
                }
            }
            try await acquiring.value
            let now = clock.elapsed
            if let change = limitChange, now >= change.at {
                server.change(rate: change.rate, at: now)
                limitChange = nil
            }
            let answer = (answerAt: now + latency(outcome.requests.count), admitted: server.admits(at: now))
            outcome.requests.append((now, answer.admitted))
            outcome.rates.append((now, await limiter.currentRate))
            let position = inFlight.lastIndex { $0.answerAt <= answer.answerAt }.map { $0 + 1 } ?? 0
            inFlight.insert(answer, at: position)
        }
        return outcome
    }

    /// Returns once the token is granted or the task acquiring it sleeps on the clock, whichever comes first.
    private static func firstOf(_ granted: Flag, _ clock: ManualClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await granted.wait() }
            group.addTask { try? await clock.waitForSleepers(1) }
            await group.next()
            group.cancelAll()
        }
    }
}

/// Raised once, by the task that acquired a token; read and awaited by the loop that moves the clock.
private final class Flag: Sendable {
    private struct State {
        var raised = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    var isRaised: Bool { state.withLock { $0.raised } }

    func raise() {
        let waiters = state.withLock { state in
            state.raised = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once raised, or once the waiting task is cancelled.
    func wait() async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.raised || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
