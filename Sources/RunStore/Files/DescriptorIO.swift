import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-buffer reads and writes on a file descriptor: the system calls may move fewer bytes than asked, or be
/// interrupted by a signal (`EINTR`), so each loops until every byte has moved.
package enum DescriptorIO {
    /// Writes all of `bytes`, at the file's current position, or at `offset` when given.
    /// - Returns: nil on success, else the `errno` of the failed call.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Int32?
    {
        var written = 0
        while written < bytes.count {
            let start = bytes.baseAddress! + written
            let remaining = bytes.count - written
            let count =
                if let offset { pwrite(descriptor, start, remaining, off_t(offset + written)) } else {
                    write(descriptor, start, remaining)
                }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// Reads exactly `count` bytes starting at `offset`, or nil if the file ends first or a read fails.
    package static func read(_ descriptor: Int32, count: Int, at offset: Int) -> Data? {
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { bytes -> Bool in
            var read = 0
            while read < count {
                let got = pread(descriptor, bytes.baseAddress! + read, count - read, off_t(offset + read))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { return false }
                read += got
            }
            return true
        }
        return complete ? data : nil
    }
}
