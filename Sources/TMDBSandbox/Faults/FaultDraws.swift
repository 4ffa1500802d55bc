/// The random numbers one request gets, drawn from its own stream so that request *n* of a run always gets the same
/// values whatever the other requests were or which faults are turned on.
struct FaultDraws: Sendable {
    /// Share of ``SandboxFaultPlan/latencyJitter`` to add, in `0..<1`.
    var jitter: Double
    /// Compared with ``SandboxFaultPlan/serverErrorRate``.
    var serverError: Double
    /// Compared with ``SandboxFaultPlan/truncatedBodyRate``.
    var truncation: Double
    /// Compared with ``SandboxFaultPlan/htmlPosterRate``.
    var htmlPoster: Double

    /// The draws of request number `request` under `seed`.
    init(seed: UInt64, request: UInt64) {
        var random = SplitMix64(seed: seed, stream: request)
        jitter = random.unitInterval()
        serverError = random.unitInterval()
        truncation = random.unitInterval()
        htmlPoster = random.unitInterval()
    }
}
