import Foundation

extension BinaryRunner {
    /// A finished run of the binary and the most memory it held.
    public struct Measured: Sendable {
        public var result: Result
        /// The binary's peak resident set size as the kernel counted it for that process (`ru_maxrss`), in bytes.
        public var peakRSSBytes: Int
    }

    /// Runs the binary like ``run(_:environment:directory:)`` under `peak-rss` (built beside it), and reads its peak
    /// RSS when it exits. Memory is not timing: the kernel counts it for the process whatever else the machine does.
    public static func runMeasuringMemory(_ arguments: [String], environment extra: [String: String] = [:])
        async throws -> Measured
    {
        let scratch = try TemporaryDirectory(prefix: "tmdb-export-measured")
        defer { scratch.remove() }
        let report = scratch.path + "/peak-rss"
        let peakRSS = binary.deletingLastPathComponent().appendingPathComponent("peak-rss").path
        // The shell execs peak-rss with the binary and its arguments in its place.
        let result = try await start(
            arguments, environment: extra, shellPrefix: "exec '\(peakRSS)' '\(report)' \"$0\" \"$@\""
        ).finish()
        let kibibytes = Int(try scratch.read("peak-rss").trimmingCharacters(in: .whitespacesAndNewlines))
        return Measured(result: result, peakRSSBytes: (kibibytes ?? Int.max / 1_024) * 1_024)
    }
}
