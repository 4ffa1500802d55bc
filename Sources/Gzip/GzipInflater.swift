import CZlib
import Foundation

/// Decodes gzip as it streams in, on zlib: a `Content-Encoding: gzip` body, or a `.gz` file read piece by piece.
///
/// ``inflate(_:appendingTo:limit:)`` counts decoded bytes against a limit, so a small answer that inflates to
/// gigabytes (a gzip bomb) stops there: the inflater writes at most one 64 KiB step past what it has appended, and
/// refuses before appending beyond the limit. ``inflate(_:into:)`` hands each step to a closure instead, for readers
/// that keep nothing whole. A stream that is corrupt, or that ends before its trailer (``finish()``), is an error.
/// Several gzip members in a row are one stream, as `gunzip` reads them; zlib checks each member's CRC-32 and length.
///
/// A class because zlib's state points back at its `z_stream`, which therefore must not move; not Sendable: one
/// reader owns it on one thread.
public final class GzipInflater {
    public enum Failure: Error, Sendable, Hashable {
        /// Inflating would produce more than the limit.
        case tooLarge(limit: Int)
        /// A member's CRC-32 or length in its trailer does not match the data: the stream was damaged.
        case checksumMismatch
        /// zlib refused the data (not gzip, a bad header, a bad block) or ran out of memory.
        case corrupt(String)
        /// The stream ended in the middle of a gzip member.
        case truncated
    }

    /// The most bytes one call of the `into` closure receives.
    public static let stepSize = 64 * 1_024

    private let stream: UnsafeMutablePointer<z_stream>
    private let step: UnsafeMutablePointer<UInt8>
    /// True between the end of a member and the first byte of the next one.
    private var betweenMembers = false

    /// - Throws: ``Failure/corrupt(_:)`` if zlib cannot start (out of memory).
    public init() throws(Failure) {
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
    ///   appended); ``Failure/corrupt(_:)`` or ``Failure/checksumMismatch`` for data zlib refuses.
    public func inflate(_ input: UnsafeRawBufferPointer, appendingTo output: inout Data, limit: Int) throws(Failure) {
        do {
            try inflate(input) { piece in
                guard output.count + piece.count <= limit else { throw Failure.tooLarge(limit: limit) }
                output.append(piece.baseAddress!.assumingMemoryBound(to: UInt8.self), count: piece.count)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            preconditionFailure("the closure above throws only Failure")
        }
    }

    /// Inflates `input`, handing the output to `consume` in pieces of at most ``stepSize`` bytes, never empty and
    /// valid only during the call.
    /// - Throws: ``Failure/corrupt(_:)`` or ``Failure/checksumMismatch`` for data zlib refuses; whatever `consume`
    ///   throws, which stops the inflating at once.
    public func inflate(_ input: UnsafeRawBufferPointer, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
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
                guard inflateReset(stream) == Z_OK else {
                    throw Failure.corrupt("zlib could not start the next member")
                }
                betweenMembers = false
            }
            stream.pointee.next_out = step
            stream.pointee.avail_out = uInt(Self.stepSize)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = Self.stepSize - Int(stream.pointee.avail_out)
            if produced > 0 { try consume(UnsafeRawBufferPointer(start: step, count: produced)) }
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
                throw Failure.corrupt("zlib ran out of memory")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                // zlib's words for a trailer that does not match the data it follows.
                if message == "incorrect data check" || message == "incorrect length check" {
                    throw Failure.checksumMismatch
                }
                throw Failure.corrupt(message)
            }
        }
    }

    /// Checks that the stream ended at the end of a gzip member.
    /// - Throws: ``Failure/truncated`` if it ended inside one, or if no member came at all.
    public func finish() throws(Failure) {
        guard betweenMembers else { throw .truncated }
    }
}
