/// A response body produced while it is sent, with `Transfer-Encoding: chunked`: the sandbox never holds it whole.
struct BodyStream: Sendable {
    /// Makes the producer, on the connection's thread, when the body is written; the producer returns the next piece,
    /// nil at the end. Empty pieces are skipped (an empty chunk would end the body).
    let makeProducer: @Sendable () -> () -> [UInt8]?

    /// `chunk` repeated up to `total` bytes (the huge-body fault: gigabytes the server never holds).
    static func repeating(_ chunk: [UInt8], total: Int) -> BodyStream {
        BodyStream {
            var remaining = total
            return {
                guard remaining > 0 else { return nil }
                let piece = remaining >= chunk.count ? chunk : Array(chunk[..<remaining])
                remaining -= piece.count
                return piece
            }
        }
    }

    /// `bytes` cut into pieces of `size` (an answer the server already has, sent chunked as TMDB's CDN does).
    static func pieces(of bytes: [UInt8], size: Int = 16 * 1_024) -> BodyStream {
        BodyStream {
            var offset = 0
            return {
                guard offset < bytes.count else { return nil }
                let end = min(bytes.count, offset + size)
                defer { offset = end }
                return Array(bytes[offset..<end])
            }
        }
    }
}
