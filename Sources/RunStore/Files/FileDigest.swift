import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The size and SHA-256 of a file on disk, read in 1 MiB pieces: catalogue tables grow to gigabytes.
package enum FileDigest {
    package static func sha256(of path: String) throws(OutputError) -> (bytes: Int, sha256: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path) }
        defer { close(descriptor) }
        var hash = SHA256()
        let total = try hashFile(descriptor, path: path, upTo: nil, into: &hash)
        return (total, hash.finalizeHex())
    }

    /// Feeds `hash` the file's bytes from its start: all of them, or the first `length`.
    /// - Returns: the bytes read.
    /// - Throws: ``OutputError`` when a read fails, or the file ends before `length`.
    package static func hashFile(
        _ descriptor: Int32, path: String, upTo length: Int?, into hash: inout SHA256
    ) throws(OutputError) -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while length.map({ total < $0 }) ?? true {
            let want = min(buffer.count, (length ?? Int.max) - total)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(total)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.fromErrno("read", path: path)
            }
            if count == 0 {
                guard let length else { break }
                throw OutputError(
                    operation: "read", path: path, reason: "the file ended at \(total) bytes, before \(length)")
            }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            total += count
        }
        return total
    }
}
