import CZlib

/// One gzip member written in pieces: each ``deflate(_:)`` returns what zlib has ready, ``finish(_:)`` the rest and
/// the trailer. For bodies produced while they are sent (the export files), which never exist whole.
///
/// A class so that zlib's state is released when the last owner lets go, even if the client leaves mid-file.
final class GzipStream {
    private let deflater: Gzip.Deflater
    private var ended = false

    init(level: Int32 = 6) {
        deflater = Gzip.Deflater(level: level)
    }

    deinit {
        deflater.end()
    }

    /// Compresses `bytes`; the result may be empty while zlib fills its window.
    func deflate(_ bytes: [UInt8]) -> [UInt8] {
        precondition(!ended, "GzipStream used after finish")
        return deflater.deflate(bytes, flush: Z_NO_FLUSH)
    }

    /// Compresses the last `bytes` and ends the member with its CRC-32 and length.
    func finish(_ bytes: [UInt8] = []) -> [UInt8] {
        precondition(!ended, "GzipStream finished twice")
        ended = true
        return deflater.deflate(bytes, flush: Z_FINISH)
    }
}
