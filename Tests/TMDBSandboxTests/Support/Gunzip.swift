import CZlib

/// Inflates a whole gzip stream with zlib, for checking what the sandbox compressed; nil if it is not valid gzip.
func gunzip(_ compressed: [UInt8]) -> [UInt8]? {
    // On the heap: zlib's state points back at its stream, which must not move between calls.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard tmdb_inflate_init_gzip(stream) == Z_OK else { return nil }
    defer { inflateEnd(stream) }
    var input = compressed
    var output: [UInt8] = []
    var step = [UInt8](repeating: 0, count: 64 * 1_024)
    return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
        stream.pointee.next_in = source.baseAddress
        stream.pointee.avail_in = uInt(source.count)
        while true {
            let (status, produced) = step.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                let status = inflate(stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            output += step[..<produced]
            if status == Z_STREAM_END { return stream.pointee.avail_in == 0 ? output : nil }
            if status != Z_OK { return nil }
        }
    }
}
