#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that becomes readable, for good, once the server stops; threads poll it to wake up from waits.
///
/// Its descriptors are closed only in `deinit`, when no thread can be polling them any more.
final class StopSignal: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Opens the pipe.
    /// - Throws: ``SandboxError/socketFailed(operation:errno:)`` if the process is out of descriptors.
    init() throws(SandboxError) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw .socketFailed(operation: "pipe", errno: errno) }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the pipe readable; later calls change nothing.
    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether ``fire()`` has been called.
    var isFired: Bool {
        wait(milliseconds: 0)
    }

    /// Waits up to `milliseconds` (-1: forever) for the signal.
    /// - Returns: true if it fired.
    @discardableResult
    func wait(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&descriptor, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    /// Waits for either `other` to become readable or the signal to fire.
    /// - Returns: true if the signal fired.
    func waitReadable(_ other: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: other, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, 2, -1)
            if result < 0 && errno == EINTR { continue }
            return result < 0 || descriptors[0].revents != 0
        }
    }

    /// Sleeps for `duration` unless the signal fires first.
    /// - Returns: true if it fired.
    func sleep(for duration: Duration) -> Bool {
        guard duration > .zero else { return false }
        let deadline = ContinuousClock.now + duration
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
            if milliseconds >= 1 {
                if wait(milliseconds: Int32(clamping: milliseconds)) { return true }
            } else {
                // Under a millisecond left: poll cannot wait that precisely.
                var request = timespec(tv_sec: 0, tv_nsec: Int(attoseconds / 1_000_000_000))
                _ = nanosleep(&request, nil)
                return isFired
            }
        }
    }
}
