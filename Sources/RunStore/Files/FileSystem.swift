import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The few file-system operations the output tree needs, with errors that name the path.
package enum FileSystem {
    /// Creates a directory and its parents; succeeds if it exists.
    package static func createDirectory(_ path: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(operation: "create folder", path: path, reason: reason(error))
        }
    }

    /// Renames a file or directory (atomic within one file system).
    package static func rename(_ source: String, to destination: String) throws(OutputError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw OutputError.fromErrno("rename \(source) to", path: destination)
        }
    }

    /// Points `link` at `target` atomically: a new symlink under a temporary name, renamed over the old one.
    package static func replaceSymlink(_ link: String, target: String) throws(OutputError) {
        let directory = (link as NSString).deletingLastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(
            ".\((link as NSString).lastPathComponent).tmp-\(getpid())")
        unlink(temporary)
        guard symlink(target, temporary) == 0 else { throw OutputError.fromErrno("create symlink", path: temporary) }
        guard Glibc.rename(temporary, link) == 0 else {
            let error = OutputError.fromErrno("replace symlink", path: link)
            unlink(temporary)
            throw error
        }
    }

    /// The target a symlink points at, or nil.
    package static func symlinkTarget(_ link: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: link)
    }

    /// Removes a file or directory tree; missing is fine.
    /// Flushes a file's data to disk, by its path: any descriptor of a file syncs what was written through another.
    package static func sync(_ path: String) throws(OutputError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw OutputError.fromErrno("fsync", path: path) }
    }

    package static func remove(_ path: String) throws(OutputError) {
        guard FileManager.default.fileExists(atPath: path) || symlinkTarget(path) != nil else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw OutputError(operation: "remove", path: path, reason: reason(error))
        }
    }

    /// The system's explanation inside a Foundation error, without the rest of its dump.
    package static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
