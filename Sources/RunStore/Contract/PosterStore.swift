import Foundation
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The job's shared poster folder for one size: `output/<name>/posters/<size>/`.
///
/// Files arrive only through ``AtomicFileWriter`` (temporary name, then rename), so after a killed process a file
/// under its final name is complete. Posters are not `fsync`ed one by one (a blocking flush per image would stall
/// the download lane); after a power loss a renamed file could be short, so a poster counts as present only if it
/// is a whole image: an image signature at the start and, for JPEG and PNG, the format's end marker at the end.
package struct PosterStore: Sendable {
    /// The folder.
    package let directory: String
    /// The size the folder holds, e.g. `w342`.
    package let size: String

    /// Creates the store for a layout and size.
    package init(layout: OutputLayout, size: String) {
        directory = layout.postersDirectory(size: size)
        self.size = size
    }

    /// Creates the folder if needed.
    package func prepare() throws(OutputError) {
        try FileSystem.createDirectory(directory)
    }

    /// The full path of a poster file.
    package func path(of fileName: String) -> String { (directory as NSString).appendingPathComponent(fileName) }

    /// Whether a complete, valid poster with this name is already on disk.
    package func isPresent(_ fileName: String) -> Bool {
        let descriptor = open(path(of: fileName), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 5 else { return false }
        let size = Int(status.st_size)
        func read(at offset: Int, count: Int) -> [UInt8]? {
            DescriptorIO.read(descriptor, count: count, at: offset).map { [UInt8]($0) }
        }
        guard let head = read(at: 0, count: min(12, size)), let format = ImageSignature.detect(Data(head)) else {
            return false
        }
        switch format {
        case .jpeg:
            return read(at: size - 2, count: 2) == [0xFF, 0xD9]
        case .png:
            // The IEND chunk: length 0, type "IEND", CRC AE 42 60 82.
            return size >= 20
                && read(at: size - 12, count: 12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        case .webp:
            // RIFF's size field counts every byte after the first 8.
            let declared = Int(head[4]) | Int(head[5]) << 8 | Int(head[6]) << 16 | Int(head[7]) << 24
            return declared + 8 == size
        }
    }

    /// Saves poster bytes atomically (temporary name, then rename), without a per-file `fsync`: see the type's note.
    package func save(_ data: Data, as fileName: String) throws(OutputError) {
        try AtomicFileWriter.write(data, to: path(of: fileName), sync: false)
    }
}
