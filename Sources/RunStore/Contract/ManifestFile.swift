import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A run's `manifest.json` as it is read back (the snapshot a night builds on, a shard a merge takes, a run the
/// pruner looks at): its size is looked at before a byte is read, and a file larger than any manifest a run writes is
/// refused unread, since decoding costs several times the file's size in memory.
package enum ManifestFile {
    /// A manifest of movies and series with every append is 16 KB (a full run) to 30 KB (a night), plus about 120
    /// bytes for each failure it lists: 16 MiB holds some 140,000 failures. JSONDecoder needed 3 to 8 times a manifest's size in memory (measured on 16 to 100 MB
    /// manifests), so reading one at the cap stays near 100 MB.
    package static let maximumBytes = 16 << 20

    /// Why a manifest was not read, in one line naming it.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        package let description: String
    }

    /// The bytes of the manifest at `path`, once its size is known to be under ``maximumBytes``.
    /// - Throws: ``Refusal`` for a file that is missing, not a regular file, over the cap, or cannot be read.
    package static func contents(at path: String, maximumBytes: Int = maximumBytes) throws(Refusal) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(description: "\(path) cannot be read") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal(description: "\(path) is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            let cap = maximumBytes % (1 << 20) == 0 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes) bytes"
            throw Refusal(description: "\(path) is \(size) bytes, more than the \(cap) a manifest may have: not read")
        }
        guard let data = DescriptorIO.read(descriptor, count: size, at: 0) else {
            throw Refusal(description: "\(path) cannot be read")
        }
        return data
    }
}
