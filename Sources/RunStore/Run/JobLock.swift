import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a job's folder, `output/<name>/.lock`, so two runs of one job (a slow nightly run and the
/// next night's) never write the same tree. Held with `flock`, so the kernel releases it when the process dies,
/// even by `kill -9`.
package final class JobLock: Sendable {
    private let descriptor: Int32
    /// The lock file.
    package let path: String

    /// Takes the lock without waiting.
    /// - Throws: ``StoreError/locked(_:)`` if another process holds it, ``StoreError/output(_:)`` if the lock
    ///   file cannot be created.
    package init(jobDirectory: String) throws(StoreError) {
        path = (jobDirectory as NSString).appendingPathComponent(".lock")
        // A run that fails at setup removes the job folder it made, lock file included, before it lets go of the
        // lock. A process that opened the old file meanwhile then holds a lock on a file nobody else can see: it
        // must try again on the file that is there now.
        for _ in 0..<10 {
            do { try FileSystem.createDirectory(jobDirectory) } catch { throw .output(error) }
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .output(OutputError.fromErrno("open lock file", path: path)) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw .locked(path) }
                throw .output(OutputError.fromErrno("lock", path: path, errno: code))
            }
            if Self.isStillAt(path, descriptor: descriptor) {
                self.descriptor = descriptor
                return
            }
            close(descriptor)
        }
        throw .locked(path)
    }

    /// Whether `descriptor` is still the file at `path`.
    private static func isStillAt(_ path: String, descriptor: Int32) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
