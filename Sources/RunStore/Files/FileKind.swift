#if canImport(Glibc)
    import Glibc
#endif

/// What kind of file is at a path, looked at with `lstat`: a symbolic link is a kind of its own, whatever it points at.
package enum FileKind: Sendable, Hashable, CustomStringConvertible {
    case regular
    case directory
    case symbolicLink
    case fifo
    case socket
    case characterDevice
    case blockDevice
    case unknown

    /// The kind of what is at `path`; nil when nothing is there (or it cannot be looked at: whoever opens it next
    /// reports why).
    package static func at(_ path: String) -> FileKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        default: return .unknown
        }
    }

    /// With its article, for a sentence: "a FIFO (named pipe)".
    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "a file of an unknown kind"
        }
    }
}
