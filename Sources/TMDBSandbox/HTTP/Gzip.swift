import CZlib

/// gzip on zlib, for the sandbox's compressed answers (`--gzip`) and its gzip bomb (`--gzip-bomb-page`). Public so
/// tests can build the same streams for their own servers.
public enum Gzip {
    /// `bytes` as one gzip member.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let deflater = Deflater(level: level)
        defer { deflater.end() }
        return deflater.deflate(bytes, flush: Z_FINISH)
    }

    /// One gzip member that inflates to `mebibytes` MiB of zero bytes, built in milliseconds whatever the size.
    ///
    /// zlib compresses the first three MiB, flushing to a byte boundary after each (`Z_SYNC_FLUSH`). With a window
    /// full of zeros, each MiB after the first compresses to the same bytes, so the middle segment is repeated
    /// instead of compressed again; the stream then ends with an empty final block and the gzip trailer (the CRC-32
    /// of all the zeros, combined by zlib, and the length modulo 2^32). About 1 KiB per MiB inflated: 4 GiB is 4 MiB.
    public static func bomb(mebibytes: Int) -> [UInt8] {
        precondition(mebibytes >= 3, "a bomb of at least 3 MiB")
        let mebibyte = [UInt8](repeating: 0, count: 1 << 20)
        let deflater = Deflater(level: 9)
        defer { deflater.end() }
        let first = deflater.deflate(mebibyte, flush: Z_SYNC_FLUSH)
        let middle = deflater.deflate(mebibyte, flush: Z_SYNC_FLUSH)
        let check = deflater.deflate(mebibyte, flush: Z_SYNC_FLUSH)
        precondition(middle == check, "zlib no longer compresses each MiB of zeros alike")
        var output = first
        output.reserveCapacity(first.count + middle.count * (mebibytes - 1) + 10)
        for _ in 1..<mebibytes { output += middle }
        // An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block, padded to a byte.
        output += [0x03, 0x00]
        let crc = zerosCRC32(
            mebibytes: mebibytes,
            mebibyteCRC: mebibyte.withUnsafeBufferPointer {
                crc32(0, $0.baseAddress, uInt($0.count))
            })
        let length = UInt32(truncatingIfNeeded: mebibytes << 20)
        for value in [UInt32(truncatingIfNeeded: crc), length] {
            output += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        return output
    }

    /// The CRC-32 of `mebibytes` MiB of zeros from that of one MiB, by doubling with `crc32_combine`.
    private static func zerosCRC32(mebibytes: Int, mebibyteCRC: uLong) -> uLong {
        var result: uLong = 0
        var power = mebibyteCRC
        var powerLength = 1 << 20
        var remaining = mebibytes
        while remaining > 0 {
            if remaining & 1 == 1 { result = crc32_combine(result, power, .init(powerLength)) }
            power = crc32_combine(power, power, .init(powerLength))
            powerLength *= 2
            remaining >>= 1
        }
        return result
    }

    /// A zlib deflate stream writing gzip. The `z_stream` lives on the heap: zlib's state points back at it.
    struct Deflater {
        let stream: UnsafeMutablePointer<z_stream>

        init(level: Int32) {
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let status = tmdb_deflate_init_gzip(stream, level)
            precondition(status == Z_OK, "zlib deflateInit2 failed with status \(status)")
        }

        func deflate(_ input: [UInt8], flush: Int32) -> [UInt8] {
            var output: [UInt8] = []
            var step = [UInt8](repeating: 0, count: 64 * 1_024)
            input.withUnsafeBufferPointer { source in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                repeat {
                    let produced = step.withUnsafeMutableBufferPointer { buffer in
                        stream.pointee.next_out = buffer.baseAddress
                        stream.pointee.avail_out = uInt(buffer.count)
                        _ = CZlib.deflate(stream, flush)
                        return buffer.count - Int(stream.pointee.avail_out)
                    }
                    output += step[..<produced]
                } while stream.pointee.avail_out == 0
                stream.pointee.next_in = nil
            }
            return output
        }

        func end() {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
    }
}
