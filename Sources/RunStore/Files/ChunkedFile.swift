import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file read forward in chunks of 1 MiB into one buffer, however long it is: for the merge's record reader and the
/// report's column readers.
package final class ChunkedFile {
    package let path: String
    private let descriptor: Int32
    /// The bytes read and not yet consumed are `buffer[start..<filled]`.
    package private(set) var buffer: [UInt8]
    package var start = 0
    package private(set) var filled = 0
    package private(set) var reachedEnd = false
    private let chunkSize: Int

    package init(path: String, chunkSize: Int = 1 << 20) throws(OutputError) {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path) }
        buffer = [UInt8](repeating: 0, count: self.chunkSize)
    }

    deinit { close(descriptor) }

    /// Moves the unconsumed bytes to the front, makes room for a chunk (growing the buffer when they fill it) and
    /// reads one. False, reading nothing, at the end of the file.
    package func readMore() throws(OutputError) -> Bool {
        guard !reachedEnd else { return false }
        if start > 0 {
            let kept = filled - start
            buffer.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!
                memmove(base, base + start, kept)
            }
            filled = kept
            start = 0
        }
        if buffer.count - filled < chunkSize {
            buffer.append(contentsOf: repeatElement(0, count: chunkSize - (buffer.count - filled)))
        }
        while true {
            let want = chunkSize
            let got = buffer.withUnsafeMutableBytes { bytes in read(descriptor, bytes.baseAddress! + filled, want) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw OutputError.fromErrno("read", path: path) }
            if got == 0 {
                reachedEnd = true
                return false
            }
            filled += got
            return true
        }
    }
}
