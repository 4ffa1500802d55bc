#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file with one line per answered request, for measuring a client from the server's side: how long it takes to
/// send its next request on a connection once an answer has left, and how fast it opens its connections.
///
/// Each line is `<connection> <arrived> <sent> <status> <path>`: the connection's number in accept order (from 1),
/// the monotonic clock in nanoseconds when the request's head had arrived and when its answer had been written, the
/// status, and the path without its query (a query can carry an `api_key`, so none is written). Lines are appended
/// with one `write` each, in the order answers finish; lines of one connection are in request order.
final class TimingLog: Sendable {
    /// The file's path, as given.
    let path: String
    private let descriptor: Int32

    /// Creates or empties the file at `path`.
    /// - Throws: ``SandboxError/cannotOpenTimingLog(path:errno:)``.
    init(path: String) throws(SandboxError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpenTimingLog(path: path, errno: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Appends one request's line; `target` loses its query. Best effort: a failed write is not retried.
    func record(connection: Int, arrived: UInt64, sent: UInt64, status: Int, target: String) {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var line = "\(connection) \(arrived) \(sent) \(status) \(path)\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }
}
