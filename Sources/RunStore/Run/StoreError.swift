/// Why the output tree could not be opened or written: another run holds the job's lock, or the file system said
/// no. The exporter reports both as its own errors.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another run of the same job holds the job's lock file, at this path.
    case locked(String)
    /// Writing or reading the output failed (disk full, permissions).
    case output(OutputError)

    public var description: String {
        switch self {
        case .locked(let path): "another run of this job holds \(path)"
        case .output(let error): "\(error)"
        }
    }
}
