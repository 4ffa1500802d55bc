import CZlib

/// Inflates a gzip stream piece by piece, handing each inflated piece to `consume` and keeping none of it: for
/// reading files far larger than a test should hold.
final class StreamingGunzip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private var step = [UInt8](repeating: 0, count: 64 * 1_024)
    /// Whether the gzip trailer (CRC-32 and length, checked by zlib) has been read.
    private(set) var isFinished = false

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        precondition(tmdb_inflate_init_gzip(stream) == Z_OK)
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates `compressed`, calling `consume` with each inflated piece.
    func feed(_ compressed: [UInt8], _ consume: (ArraySlice<UInt8>) -> Void) throws {
        var input = compressed
        try input.withUnsafeMutableBufferPointer { source in
            stream.pointee.next_in = source.baseAddress
            stream.pointee.avail_in = uInt(source.count)
            while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0 {
                guard !isFinished else { throw Failure(description: "bytes after the end of the gzip member") }
                let (status, produced) = step.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = uInt(buffer.count)
                    let status = inflate(stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.pointee.avail_out))
                }
                consume(step[..<produced])
                if status == Z_STREAM_END {
                    isFinished = true
                } else if status != Z_OK && status != Z_BUF_ERROR {
                    throw Failure(description: "inflate failed with status \(status)")
                }
                if status == Z_BUF_ERROR { break }
            }
            stream.pointee.next_in = nil
        }
    }
}
