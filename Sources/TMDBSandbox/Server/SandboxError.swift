#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the sandbox server could not start.
public enum SandboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `bind` or `listen` on 127.0.0.1:`port` failed, typically because the port is in use.
    case cannotListen(port: UInt16, errno: Int32)
    /// A socket call other than binding failed.
    case socketFailed(operation: String, errno: Int32)
    /// ``SandboxServer/start()`` was called on a server that is already running.
    case alreadyStarted(port: UInt16)
    /// ``SandboxServer/start()`` was called after ``SandboxServer/stop()``; a server runs once.
    case alreadyStopped
    /// ``SandboxOptions/timingLogPath`` could not be created or opened for writing.
    case cannotOpenTimingLog(path: String, errno: Int32)

    /// A sentence naming the operation, the address and the system's reason.
    public var description: String {
        switch self {
        case .cannotListen(let port, let code):
            let hint = code == EADDRINUSE ? " (is another sandbox or program using port \(port)?)" : ""
            return "Cannot listen on 127.0.0.1:\(port): \(Self.reason(code))\(hint)."
        case .socketFailed(let operation, let code):
            return "Sandbox socket operation \(operation) failed: \(Self.reason(code))."
        case .alreadyStarted(let port):
            return "The sandbox server is already running on 127.0.0.1:\(port)."
        case .alreadyStopped:
            return "The sandbox server was stopped and cannot be started again; create a new SandboxServer."
        case .cannotOpenTimingLog(let path, let code):
            return "Cannot open the timing log \(path) for writing: \(Self.reason(code))."
        }
    }

    private static func reason(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
