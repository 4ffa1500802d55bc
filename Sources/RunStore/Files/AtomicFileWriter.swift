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
    /// Whether anything at ``finalPath`` that is not a regular file is refused and left as it is.
    private let regularFileOnly: Bool
    /// Bytes written so far.
    package private(set) var byteCount = 0

    /// Opens a temporary file beside `finalPath`.
    /// - Parameter regularFileOnly: refuse, and leave as it is, anything at `finalPath` but a regular file (a
    ///   symbolic link, even to a regular file, a FIFO, a device, a directory, a socket): looked at here, and again
    ///   just before the rename, which never replaces what appeared at a path that was empty.
    /// - Throws: ``OutputError`` naming the path.
    package init(finalPath: String, regularFileOnly: Bool = false) throws(OutputError) {
        self.finalPath = finalPath
        self.regularFileOnly = regularFileOnly
        if regularFileOnly { try Self.refuseOtherKinds(FileKind.at(finalPath), at: finalPath) }
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
        if regularFileOnly, try linkIntoEmptyPath() { return hash.finalizeHex() }
        guard rename(temporaryPath, finalPath) == 0 else {
            let error = OutputError.fromErrno("rename into place", path: finalPath)
            unlink(temporaryPath)
            throw error
        }
        return hash.finalizeHex()
    }

    /// For ``init(finalPath:regularFileOnly:)``: links the file in when nothing is at the final path (`link` never
    /// replaces: a FIFO made there since the first look makes it fail), or checks that a regular file is what the
    /// rename will replace. A regular file swapped for another kind between this look and the rename is the one
    /// case left.
    /// - Returns: whether the file is in place; false when the rename is still to do.
    private func linkIntoEmptyPath() throws(OutputError) -> Bool {
        var kind = FileKind.at(finalPath)
        if kind == nil {
            if link(temporaryPath, finalPath) == 0 {
                unlink(temporaryPath)
                return true
            }
            // EEXIST: something appeared at the path; otherwise a file system without hard links, left to rename.
            if errno == EEXIST { kind = FileKind.at(finalPath) }
        }
        do throws(OutputError) {
            try Self.refuseOtherKinds(kind, at: finalPath)
        } catch {
            unlink(temporaryPath)
            throw error
        }
        return false
    }

    /// Throws when `kind`, at `path`, is anything but a regular file (or nothing).
    private static func refuseOtherKinds(_ kind: FileKind?, at path: String) throws(OutputError) {
        guard let kind, kind != .regular else { return }
        throw OutputError(
            operation: "write", path: path, reason: "it is \(kind), not a regular file, and is left as it is")
    }

    /// Closes and removes the temporary file without touching the final path.
    package func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    /// Writes a whole file atomically in one call; see ``init(finalPath:regularFileOnly:)`` for `regularFileOnly`.
    package static func write(_ data: Data, to path: String, sync: Bool = true, regularFileOnly: Bool = false)
        throws(OutputError)
    {
        let writer = try AtomicFileWriter(finalPath: path, regularFileOnly: regularFileOnly)
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
