import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The size and SHA-256 of a file on disk, read in 1 MiB pieces: catalogue tables grow to gigabytes.
enum FileDigest {
    static func sha256(of path: String) throws(OutputError) -> (bytes: Int, sha256: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path) }
        defer { close(descriptor) }
        var hash = SHA256()
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.fromErrno("read", path: path)
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            total += count
        }
        return (total, hash.finalizeHex())
    }
}
