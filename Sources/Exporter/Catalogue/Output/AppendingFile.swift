import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A data file a catalogue run appends to as it goes, through a buffer, and can reopen at a checkpoint's length.
///
/// The staging run's folder is what is published atomically, so these files are written in place under their final
/// names; a killed run leaves them with bytes past the last checkpoint, which ``init(path:truncatingTo:)`` cuts off.
final class AppendingFile {
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes appended so far, buffered ones included.
    private(set) var size: Int
    private static let bufferLimit = 256 * 1_024

    /// Opens `path` for appending: created empty when `length` is nil, else cut to `length` bytes (a checkpoint's).
    /// - Throws: ``OutputError`` when the file cannot be opened, or is shorter than `length`.
    init(path: String, truncatingTo length: Int?) throws(OutputError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (length == nil ? O_TRUNC : 0)
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
        }
        guard lseek(descriptor, 0, SEEK_END) >= 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw OutputError.fromErrno("seek", path: path, errno: code)
        }
        buffer.reserveCapacity(Self.bufferLimit)
    }

    deinit { Glibc.close(descriptor) }

    func append(_ bytes: [UInt8]) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        buffer.append(contentsOf: bytes)
        size += bytes.count
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Hands the buffered bytes to the kernel: after this they survive the process being killed.
    func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { DescriptorIO.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputError.fromErrno("write", path: path, errno: failure) }
    }

    /// Flushes, then asks the kernel to put the file on disk.
    func sync() throws(OutputError) {
        try flush()
        guard fsync(descriptor) == 0 else { throw OutputError.fromErrno("fsync", path: path, errno: errno) }
    }
}
