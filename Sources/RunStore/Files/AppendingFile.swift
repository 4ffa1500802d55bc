import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A data file a catalogue run appends to as it goes, through a buffer, and can reopen at a checkpoint's length.
/// It hashes what it appends as it goes, so that the manifest's SHA-256 costs no second read of gigabytes at the end
/// of a run (a reopened file hashes its kept part once, on opening).
///
/// The staging run's folder is what is published atomically, so these files are written in place under their final
/// names; a killed run leaves them with bytes past the last checkpoint, which ``init(path:truncatingTo:)`` cuts off.
package final class AppendingFile {
    package let path: String
    /// How the run's manifest and checkpoint name the file: its path relative to the run's folder.
    package let name: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes appended so far, buffered ones included.
    package private(set) var size: Int
    /// SHA-256 of the file's bytes so far.
    private var hash = SHA256()
    private static let bufferLimit = 256 * 1_024

    /// Opens `path` for appending: created empty when `length` is nil, else cut to `length` bytes (a checkpoint's).
    /// `name` defaults to the file's last path component.
    /// - Throws: ``OutputError`` when the file cannot be opened, or is shorter than `length`.
    package init(path: String, truncatingTo length: Int?, name: String? = nil) throws(OutputError) {
        self.path = path
        self.name = name ?? (path as NSString).lastPathComponent
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | (length == nil ? O_TRUNC : 0)
        descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path, errno: errno) }
        size = 0
        if let length {
            var status = stat()
            guard fstat(descriptor, &status) == 0, Int(status.st_size) >= length else {
                Glibc.close(descriptor)
                throw OutputError(
                    operation: "resume", path: path,
                    reason: "the file is shorter than the checkpoint says (\(length) bytes): it was changed since")
            }
            guard ftruncate(descriptor, off_t(length)) == 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw OutputError.fromErrno("truncate", path: path, errno: code)
            }
            size = length
            do throws(OutputError) {
                try hashKeptPart(length)
            } catch {
                Glibc.close(descriptor)
                throw error
            }
        }
        guard lseek(descriptor, 0, SEEK_END) >= 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw OutputError.fromErrno("seek", path: path, errno: code)
        }
        buffer.reserveCapacity(Self.bufferLimit)
    }

    deinit { Glibc.close(descriptor) }

    package func append(_ bytes: [UInt8]) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        hash.update(bytes)
        buffer.append(contentsOf: bytes)
        size += bytes.count
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends bytes borrowed from a caller's buffer, without making an array of them: a merge copies millions of
    /// records straight from its read buffer.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        hash.update(bytes)
        size += bytes.count
        // A long run of records goes to the kernel as it is, not through the buffer.
        if bytes.count >= Self.bufferLimit {
            try flush()
            if let failure = DescriptorIO.writeAll(descriptor, bytes) {
                throw OutputError.fromErrno("write", path: path, errno: failure)
            }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// The SHA-256 of everything appended (and kept), lower-case hex.
    package var sha256: String {
        var copy = hash
        return copy.finalizeHex()
    }

    /// Hashes the first `length` bytes of the file: what a resumed run keeps.
    private func hashKeptPart(_ length: Int) throws(OutputError) {
        _ = try FileDigest.hashFile(descriptor, path: path, upTo: length, into: &hash)
    }

    /// Hands the buffered bytes to the kernel: after this they survive the process being killed.
    package func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { DescriptorIO.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputError.fromErrno("write", path: path, errno: failure) }
    }

    /// Flushes, then asks the kernel to put the file on disk.
    package func sync() throws(OutputError) {
        try flush()
        guard fsync(descriptor) == 0 else { throw OutputError.fromErrno("fsync", path: path, errno: errno) }
    }
}
