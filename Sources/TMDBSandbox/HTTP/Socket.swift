#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the sandbox makes, with loopback-only binding.
enum Socket {
    /// A listening TCP socket on 127.0.0.1, with SO_REUSEADDR.
    /// - Returns: the descriptor and the port actually bound (useful when `port` is 0).
    /// - Throws: ``SandboxError/cannotListen(port:errno:)`` when bind or listen fails.
    static func makeListener(port: UInt16, backlog: Int32 = 512) throws(SandboxError) -> (
        descriptor: Int32, port: UInt16
    ) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw .socketFailed(operation: "socket", errno: errno) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotListen(port: port, errno: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw .socketFailed(operation: "getsockname", errno: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts one connection; nil on failure (the caller checks whether the server is stopping).
    static func acceptConnection(_ listener: Int32) -> Int32? {
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// The IPv4 address of the connection's peer, in host byte order; nil if the system cannot say.
    static func peerAddress(_ descriptor: Int32) -> UInt32? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        return named == 0 ? UInt32(bigEndian: address.sin_addr.s_addr) : nil
    }

    /// TCP_NODELAY, so small responses leave at once instead of waiting on Nagle's algorithm; on Darwin also
    /// SO_NOSIGPIPE, which stands in for MSG_NOSIGNAL there.
    static func configureAccepted(_ descriptor: Int32) {
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads what is available into `buffer`; 0 at end of stream, -1 on error.
    static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Writes every byte; false if the peer went away. Never raises SIGPIPE.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, sendFlags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Ends both directions, waking any thread blocked in recv, send or accept on it.
    static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends FIN after the queued data, so the peer reads what was sent and then sees the end of the stream.
    static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        /// A client that closes early must never kill the process with SIGPIPE.
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif
}
