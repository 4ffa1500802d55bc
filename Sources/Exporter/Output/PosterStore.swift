import Foundation
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The job's shared poster folder for one size: `output/<name>/posters/<size>/`.
///
/// Files arrive only through ``AtomicFileWriter`` (temporary name, then rename), so a file under its final
/// name is complete. A poster counts as present only if it is non-empty and starts with an image signature.
public struct PosterStore: Sendable {
    /// The folder.
    public let directory: String
    /// The size the folder holds, e.g. `w342`.
    public let size: String

    /// Creates the store for a layout and size.
    public init(layout: OutputLayout, size: String) {
        directory = layout.postersDirectory(size: size)
        self.size = size
    }

    /// Creates the folder if needed.
    public func prepare() throws(OutputError) {
        try FileSystem.createDirectory(directory)
    }

    /// The full path of a poster file.
    public func path(of fileName: String) -> String { (directory as NSString).appendingPathComponent(fileName) }

    /// Whether a complete, valid poster with this name is already on disk.
    public func isPresent(_ fileName: String) -> Bool {
        let descriptor = open(path(of: fileName), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 12)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, 12) }
        guard count > 0 else { return false }
        return ImageSignature.detect(Data(head.prefix(count))) != nil
    }

    /// Saves poster bytes atomically.
    public func save(_ data: Data, as fileName: String) throws(OutputError) {
        try AtomicFileWriter.write(data, to: path(of: fileName))
    }
}
