import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Streams a file under a temporary name next to its final path and renames it into place on ``commit()``.
///
/// No reader ever sees half a file: until the rename, the final name does not exist (or still holds the
/// previous complete file). Writes are buffered; the SHA-256 of everything written is kept as it goes.
package final class AtomicFileWriter {
    /// The path the file will have once committed.
    package let finalPath: String
    /// The temporary path written to until then.
    package let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var hash = SHA256()
    private let flushThreshold = 1 << 16
    /// Bytes written so far.
    package private(set) var byteCount = 0

    /// Opens a temporary file beside `finalPath`.
    /// - Throws: ``OutputError`` naming the path.
    package init(finalPath: String) throws(OutputError) {
        self.finalPath = finalPath
        let directory = (finalPath as NSString).deletingLastPathComponent
        let name = (finalPath as NSString).lastPathComponent
        temporaryPath = (directory as NSString).appendingPathComponent(
            ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.fromErrno("create", path: finalPath) }
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Appends bytes.
    package func write(_ bytes: [UInt8]) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Appends bytes from a Data value.
    package func write(_ data: Data) throws(OutputError) {
        buffer.append(contentsOf: data)
        if buffer.count >= flushThreshold { try flush() }
    }

    private func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { raw -> Int32? in
            hash.update(raw)
            return DescriptorIO.writeAll(descriptor, raw)
        }
        if let failure { throw OutputError.fromErrno("write", path: finalPath, errno: failure) }
        byteCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs (unless `sync` is false) and renames the file to its final path; returns its SHA-256 as hex.
    @discardableResult
    package func commit(sync: Bool = true) throws(OutputError) -> String {
        try flush()
        if sync, fsync(descriptor) != 0 { throw OutputError.fromErrno("sync", path: finalPath) }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, finalPath) == 0 else {
            let error = OutputError.fromErrno("rename into place", path: finalPath)
            unlink(temporaryPath)
            throw error
        }
        return hash.finalizeHex()
    }

    /// Closes and removes the temporary file without touching the final path.
    package func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    /// Writes a whole file atomically in one call.
    package static func write(_ data: Data, to path: String, sync: Bool = true) throws(OutputError) {
        let writer = try AtomicFileWriter(finalPath: path)
        try writer.write(data)
        try writer.commit(sync: sync)
    }

    /// Whether a file name is one of this writer's temporary names (`.<name>.tmp-<pid>-<n>`).
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-")
    }

    /// Removes temporary files left in `directory` by a process that was killed; returns how many.
    @discardableResult
    package static func removeLeftovers(in directory: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names where isTemporaryName(name) {
            if unlink((directory as NSString).appendingPathComponent(name)) == 0 { removed += 1 }
        }
        return removed
    }
}
