/// The status and header fields of one answer, read line by line as libcurl hands them over (its header callback
/// gives each line whole, CRLF included, for HTTP/1 and HTTP/2 alike).
///
/// A status line starts a new head, so an informational answer (`100 Continue`) or a proxy's `CONNECT` answer is
/// replaced by the final one. Lines after the final head's blank line (chunked trailers) are ignored.
struct ResponseHead {
    /// The status code of the last status line, 0 before one.
    private(set) var status = 0
    /// Field values by lower-cased name; a repeated field's values are joined with ", ".
    private(set) var fields: [String: String] = [:]
    /// Whether the blank line ending a head has been read.
    private(set) var isComplete = false
    /// Bytes of header lines read so far, all heads together.
    private(set) var byteCount = 0
    private var lastName: String?

    /// Reads one header line.
    mutating func read(line: UnsafeRawBufferPointer) {
        byteCount += line.count
        guard !isComplete else { return }
        var bytes = line[...]
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        if bytes.starts(with: Self.httpPrefix) {
            self = ResponseHead(status: Self.statusCode(in: bytes), byteCount: byteCount)
            return
        }
        if bytes.isEmpty {
            // The end of a head; an informational one is followed by another.
            isComplete = !(100..<200).contains(status)
            return
        }
        if bytes.first == 0x20 || bytes.first == 0x09 {
            // An obsolete folded continuation of the previous field.
            if let lastName { fields[lastName, default: ""] += " " + Self.text(Self.trimmed(bytes)) }
            return
        }
        guard let colon = bytes.firstIndex(of: 0x3A) else { return }
        let name = Self.text(Self.trimmed(bytes[..<colon])).lowercased()
        let value = Self.text(Self.trimmed(bytes[(colon + 1)...]))
        if let existing = fields[name] {
            fields[name] = existing + ", " + value
        } else {
            fields[name] = value
        }
        lastName = name
    }

    /// `Content-Length`, when the answer declares a valid one.
    var contentLength: Int? {
        fields["content-length"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    private init(status: Int, byteCount: Int) {
        self.status = status
        self.byteCount = byteCount
    }

    init() {}

    private static let httpPrefix = Array("HTTP/".utf8)

    /// The three digits after the protocol in `HTTP/1.1 200 OK` or `HTTP/2 200`; 0 if there are none.
    private static func statusCode(in line: Slice<UnsafeRawBufferPointer>) -> Int {
        guard let space = line.firstIndex(of: 0x20) else { return 0 }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return 0 }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var result = bytes
        while let first = result.first, first == 0x20 || first == 0x09 { result = result.dropFirst() }
        while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
        return result
    }

    private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
