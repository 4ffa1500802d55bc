import CZlib
import Foundation

/// Decodes a `Content-Encoding: gzip` body as it streams in, on zlib, never producing more than a limit.
///
/// The limit counts decoded bytes, so a small answer that inflates to gigabytes (a gzip bomb) stops at the limit:
/// the inflater writes at most one 64 KiB step past what it has appended, and refuses before appending beyond the
/// limit. A stream that is corrupt, or that ends before its trailer (``finish()``), is an error. Several gzip members
/// in a row are one body, as `gunzip` reads them.
///
/// A class because zlib's state points back at its `z_stream`, which therefore must not move; not Sendable: one
/// transfer owns it on one thread.
final class GzipInflater {
    enum Failure: Error, Equatable {
        /// Inflating would produce more than the limit.
        case tooLarge(limit: Int)
        /// zlib refused the data (bad header, bad block, checksum mismatch) or ran out of memory.
        case corrupt(String)
        /// The body ended in the middle of a gzip member.
        case truncated
    }

    private static let stepSize = 64 * 1_024

    private let stream: UnsafeMutablePointer<z_stream>
    private let step: UnsafeMutablePointer<UInt8>
    /// True between the end of a member and the first byte of the next one.
    private var betweenMembers = false

    /// - Throws: ``Failure/corrupt(_:)`` if zlib cannot start (out of memory).
    init() throws(Failure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        step = .allocate(capacity: Self.stepSize)
        let status = tmdb_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deallocate()
            step.deallocate()
            throw .corrupt("zlib could not start (status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        step.deallocate()
    }

    /// Inflates `input` and appends the result to `output`.
    /// - Throws: ``Failure/tooLarge(limit:)`` when `output` would grow past `limit` bytes (nothing past it is
    ///   appended), ``Failure/corrupt(_:)`` for data zlib refuses.
    func inflate(_ input: UnsafeRawBufferPointer, appendingTo output: inout Data, limit: Int) throws(Failure) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            if betweenMembers {
                guard stream.pointee.avail_in > 0 else { return }
                // Another member follows the one that ended.
                guard inflateReset(stream) == Z_OK else { throw .corrupt("zlib could not start the next member") }
                betweenMembers = false
            }
            stream.pointee.next_out = step
            stream.pointee.avail_out = uInt(Self.stepSize)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = Self.stepSize - Int(stream.pointee.avail_out)
            if produced > 0 {
                guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
                output.append(step, count: produced)
            }
            switch status {
            case Z_OK:
                // More input to read, or the step filled up and more output may be waiting.
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case Z_STREAM_END:
                betweenMembers = true
            case Z_BUF_ERROR:
                // No progress possible: every byte given was used and nothing more comes out without more input.
                return
            case Z_MEM_ERROR:
                throw .corrupt("zlib ran out of memory")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw .corrupt(message)
            }
        }
    }

    /// Checks that the body ended at the end of a gzip member.
    /// - Throws: ``Failure/truncated`` if it ended inside one, or if no member came at all.
    func finish() throws(Failure) {
        guard betweenMembers else { throw .truncated }
    }
}
