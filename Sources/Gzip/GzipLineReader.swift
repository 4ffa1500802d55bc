import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a gzip file line by line without ever holding it whole: 64 KiB of the file at a time, inflated and split
/// on `\n`, each line handed to a closure.
///
/// Memory stays flat whatever the file's size: one read buffer, zlib's window, and one line at most (a line that
/// arrives in one inflated piece is handed over in place; only a line split across pieces is copied). A final line
/// without `\n` is a line; an empty file has no gzip member and is refused. Several members in a row are one
/// stream, as `gunzip` reads them.
public struct GzipLineReader: Sendable {
    /// Why a file could not be read through, with the 1-based line it happened on.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public enum Kind: Sendable, Hashable {
            /// The file could not be opened or read; the system's reason.
            case unreadable(String)
            /// The file does not start with gzip's magic bytes (1F 8B).
            case notGzip
            /// A member's CRC-32 or length does not match its data.
            case checksumMismatch
            /// zlib refused the data; its reason.
            case corrupt(String)
            /// The file ended inside a gzip member: cut short.
            case truncated
            /// A line is longer than the limit, in bytes.
            case lineTooLong(limit: Int)
        }

        public var path: String
        /// The line being read when it happened (1 for the file's start).
        public var line: Int
        public var kind: Kind

        public init(path: String, line: Int, kind: Kind) {
            self.path = path
            self.line = line
            self.kind = kind
        }

        /// What was wrong, without the file and line.
        public var reason: String {
            switch kind {
            case .unreadable(let reason): "cannot read the file: \(reason)"
            case .notGzip: "not a gzip file (it does not start with the bytes 1F 8B)"
            case .checksumMismatch: "the gzip data does not match its CRC-32 or length: the file is damaged"
            case .corrupt(let reason): "corrupt gzip data (\(reason))"
            case .truncated: "the file ends before its gzip stream does: it was cut short"
            case .lineTooLong(let limit): "the line is longer than \(limit) bytes"
            }
        }

        public var description: String { "\(path), line \(line): \(reason)" }
    }

    /// The longest line accepted by default: an ID export line is about 100 bytes.
    public static let defaultMaximumLineBytes = 1 << 20

    private static let readSize = 64 * 1_024

    public let path: String
    public let maximumLineBytes: Int

    public init(path: String, maximumLineBytes: Int = defaultMaximumLineBytes) {
        self.path = path
        self.maximumLineBytes = max(1, maximumLineBytes)
    }

    /// Hands every line, without its `\n`, to `body` with its 1-based number, in order. The bytes are valid only
    /// during the call.
    /// - Returns: the number of lines.
    /// - Throws: ``Failure`` for a file that cannot be read or inflated, or a line over the limit; whatever `body`
    ///   throws, which stops the reading at once.
    @discardableResult
    public func forEachLine(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(.unreadable(String(cString: strerror(errno))), line: 1) }
        defer { close(descriptor) }
        let inflater: GzipInflater
        do { inflater = try GzipInflater() } catch { throw failure(.corrupt("zlib could not start"), line: 1) }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 1)
        defer { input.deallocate() }
        var splitter = LineSplitter(maximumLineBytes: maximumLineBytes)
        var isFirstRead = true
        while true {
            let count = read(descriptor, input.baseAddress, input.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.unreadable(String(cString: strerror(errno))), line: splitter.lineNumber)
            }
            if isFirstRead {
                isFirstRead = false
                guard count >= 2, input[0] == 0x1F, input[1] == 0x8B else { throw failure(.notGzip, line: 1) }
            }
            if count == 0 { break }
            do {
                try inflater.inflate(UnsafeRawBufferPointer(rebasing: input[..<count])) { piece in
                    try splitter.split(piece, body)
                }
            } catch let zlib as GzipInflater.Failure {
                throw failure(Self.kind(of: zlib), line: splitter.lineNumber)
            } catch LineSplitter.LineTooLong.error {
                throw failure(.lineTooLong(limit: maximumLineBytes), line: splitter.lineNumber)
            }
        }
        do { try inflater.finish() } catch { throw failure(Self.kind(of: error), line: splitter.lineNumber) }
        try splitter.finish(body)
        return splitter.lineNumber - 1
    }

    private func failure(_ kind: Failure.Kind, line: Int) -> Failure {
        Failure(path: path, line: line, kind: kind)
    }

    private static func kind(of failure: GzipInflater.Failure) -> Failure.Kind {
        switch failure {
        case .checksumMismatch: .checksumMismatch
        case .corrupt(let reason): .corrupt(reason)
        case .truncated: .truncated
        case .tooLarge(let limit): .corrupt("over \(limit) bytes")
        }
    }
}

/// Splits inflated pieces into lines, carrying a line that spans pieces over in a buffer of its own.
private struct LineSplitter {
    enum LineTooLong: Error { case error }

    let maximumLineBytes: Int
    /// The number of the line being read.
    var lineNumber = 1
    /// The start of a line that did not end in the pieces seen so far.
    var carried: [UInt8] = []

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    mutating func split(_ piece: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws {
        guard let base = piece.baseAddress else { return }
        var start = 0
        while start < piece.count {
            guard let found = memchr(base + start, 0x0A, piece.count - start) else {
                guard carried.count + piece.count - start <= maximumLineBytes else { throw LineTooLong.error }
                carried.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[start...]))
                return
            }
            let end = base.distance(to: UnsafeRawPointer(found))
            guard carried.count + end - start <= maximumLineBytes else { throw LineTooLong.error }
            if carried.isEmpty {
                try body(UnsafeRawBufferPointer(rebasing: piece[start..<end]), lineNumber)
            } else {
                carried.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[start..<end]))
                try carried.withUnsafeBytes { try body($0, lineNumber) }
                carried.removeAll(keepingCapacity: true)
            }
            lineNumber += 1
            start = end + 1
        }
    }

    /// Hands over a last line that has no `\n`.
    mutating func finish(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws {
        guard !carried.isEmpty else { return }
        try carried.withUnsafeBytes { try body($0, lineNumber) }
        carried.removeAll()
        lineNumber += 1
    }
}
