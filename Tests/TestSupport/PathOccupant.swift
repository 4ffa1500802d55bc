import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Something other than a regular file, put at a path that code must then leave as it is.
public enum PathOccupant: String, CaseIterable, Sendable, CustomStringConvertible {
    case fifo
    /// A link to a regular file beside the path, `<path>.target`.
    case symbolicLinkToRegularFile
    /// A link to `<path>.target`, which does not exist.
    case danglingSymbolicLink
    /// A folder holding one file.
    case directory

    public var description: String { rawValue }

    /// How the exporter names the kind in a message.
    public var kindName: String {
        switch self {
        case .fifo: "a FIFO (named pipe)"
        case .symbolicLinkToRegularFile, .danglingSymbolicLink: "a symbolic link"
        case .directory: "a directory"
        }
    }

    /// Puts it at `path`.
    public func make(at path: String) throws {
        let target = path + ".target"
        switch self {
        case .fifo:
            guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        case .symbolicLinkToRegularFile:
            try "the link's target\n".write(toFile: target, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        case .danglingSymbolicLink:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try "inside\n".write(toFile: path + "/inside", atomically: false, encoding: .utf8)
        }
    }

    /// What is at `path`, without following a link: its kind and inode, a link's destination and what that holds,
    /// a folder's names; equal before and after when nothing was changed.
    public static func state(at path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return "nothing" }
        var state = "mode \(String(status.st_mode, radix: 8)) inode \(status.st_ino)"
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let content = (try? String(contentsOfFile: destination, encoding: .utf8)) ?? "(none)"
            state += " -> \(destination): \(content)"
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            state += " holding \((try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [])"
        }
        return state
    }
}
