import Foundation

/// The rate a ``RateLimiter`` sends at: its ceiling until the server answers 429, then just under the server's limit
/// as measured from what the server let through.
///
/// A 429 means the server's bucket is empty. Between two 429s that cut the rate the bucket went from empty to empty,
/// so the answers other than 429 counted between the cuts, over the time between them, are exactly the server's
/// limit: a cut aims at ``margin`` of that. (Were the client below the limit long enough to fill the server's bucket,
/// the count comes out low: the safe side.) The first 429 of a run can only count from the run's first answer, which
/// the server's initial burst inflates, so it cuts too little; the 429s that go on draw a second cut, measured from
/// the first. With less than ``shortestMeasurement`` to measure over (a run's first answers, just after a
/// `Retry-After` pause) the cut is multiplicative.
///
/// Between cuts the rate creeps up with time, not per success (which would creep faster the faster the server is):
/// slowly near the estimated limit, so that crossing it again takes seconds and draws a few 429s; quickly elsewhere,
/// back up after a multiplicative cut, or on past an estimate the server no longer holds to.
struct RateAdaptation: Sendable {
    /// A cut aims at this share of the measured limit.
    static let margin = 0.97
    /// The shortest span a measurement trusts, and so the shortest time between cuts: the 429s that arrive within it
    /// answer requests sent before the cut.
    static let shortestMeasurement = Duration.milliseconds(250)
    /// Within this share of the estimated limit either side, the rate creeps slowly.
    static let nearLimit = 0.05
    /// Near the estimated limit the rate rises by this share of it per second.
    static let slowCreep = 0.01
    /// Elsewhere the rate grows by this share of itself per second, compounded: fast enough to climb from the floor
    /// in half a minute, gentle enough that crossing a limit the estimate missed costs a few 429s, not a storm.
    static let fastGrowth = 0.1

    let maximumRate: Double
    let minimumRate: Double
    /// The multiplier applied to the rate by a cut that cannot measure.
    let backoffFactor: Double
    /// What the server let through between the last two cuts, requests per second; nil before any measured cut.
    private(set) var estimatedLimit: Double?

    /// The rate at `rateSince`; it creeps from there.
    private var rate: Double
    private var rateSince = Duration.zero
    private var lastCut: Duration?
    /// Answers other than 429 counted since `measuringSince`: the first answer, the last cut or the end of a pause.
    private var admitted = 0
    private var measuringSince: Duration?

    init(maximumRate: Double, minimumRate: Double, backoffFactor: Double) {
        self.maximumRate = maximumRate
        self.minimumRate = minimumRate
        self.backoffFactor = backoffFactor
        rate = maximumRate
    }

    /// The rate in force at `time`, requests per second.
    func rate(at time: Duration) -> Double {
        var rate = self.rate
        var seconds = max(time - rateSince, .zero).seconds
        while seconds > 0, rate < maximumRate {
            let (creep, until) = creep(from: rate)
            switch creep {
            case .linear(let slope):
                let step = min(seconds, (until - rate) / slope)
                rate += slope * step
                seconds -= step
            case .compounded(let growth):
                let step = min(seconds, log(until / rate) / growth)
                rate *= exp(growth * step)
                seconds -= step
            }
        }
        return min(rate, maximumRate)
    }

    /// Records an answer other than 429: the server let a request through.
    mutating func admitted(at time: Duration) {
        let since = measuringSince ?? time
        measuringSince = since
        if time >= since { admitted += 1 }
    }

    /// Records a 429 and cuts the rate, unless the last cut is too recent for this 429 to say anything new.
    /// - Returns: whether the rate was cut.
    @discardableResult
    mutating func throttled(at now: Duration) -> Bool {
        if let lastCut, now - lastCut < Self.shortestMeasurement { return false }
        let current = rate(at: now)
        var cut = current * backoffFactor
        if let measuringSince, now - measuringSince >= Self.shortestMeasurement {
            let measured = Double(admitted) / (now - measuringSince).seconds
            estimatedLimit = max(measured, minimumRate)
            cut = min(current, measured) * Self.margin
        }
        rate = max(cut, minimumRate)
        rateSince = now
        lastCut = now
        measuringSince = now
        admitted = 0
        return true
    }

    /// Holds the rate from `now` until `end` (nobody sends meanwhile), and measures only from `end` on.
    mutating func pause(from now: Duration, until end: Duration) {
        rate = rate(at: now)
        rateSince = max(end, now)
        measuringSince = max(end, now)
        admitted = 0
    }

    private enum Creep {
        /// Requests per second added per second.
        case linear(Double)
        /// The share of itself the rate grows by per second.
        case compounded(Double)
    }

    /// How the rate creeps from `rate`, and up to where.
    private func creep(from rate: Double) -> (Creep, until: Double) {
        guard let limit = estimatedLimit else { return (.compounded(Self.fastGrowth), maximumRate) }
        let near = (low: limit * (1 - Self.nearLimit), high: limit * (1 + Self.nearLimit))
        if rate < near.low { return (.compounded(Self.fastGrowth), near.low) }
        if rate < near.high { return (.linear(limit * Self.slowCreep), near.high) }
        return (.compounded(Self.fastGrowth), maximumRate)
    }
}
