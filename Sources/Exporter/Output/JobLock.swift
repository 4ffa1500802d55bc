import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a job's folder, `output/<name>/.lock`, so two runs of one job (a slow nightly run and the
/// next night's) never write the same tree. Held with `flock`, so the kernel releases it when the process dies,
/// even by `kill -9`.
public final class JobLock: Sendable {
    private let descriptor: Int32
    /// The lock file.
    public let path: String

    /// Takes the lock without waiting.
    /// - Throws: ``ExportError/locked(_:)`` if another process holds it, ``ExportError/output(_:)`` if the lock
    ///   file cannot be created.
    public init(jobDirectory: String) throws(ExportError) {
        path = (jobDirectory as NSString).appendingPathComponent(".lock")
        do { try FileSystem.createDirectory(jobDirectory) } catch { throw .output(error) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output(OutputError.fromErrno("open lock file", path: path)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw .locked(path) }
            throw .output(OutputError.fromErrno("lock", path: path, errno: code))
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
