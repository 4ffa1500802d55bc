/// A request target split into its path and its query items.
struct RequestTarget: Sendable, Equatable {
    /// The path as sent, without the query.
    var rawPath: String
    /// The path with percent-escapes decoded.
    var path: String
    /// Query items in order, names and values percent-decoded, `+` read as a space.
    var query: [(name: String, value: String)]

    static func == (lhs: RequestTarget, rhs: RequestTarget) -> Bool {
        lhs.rawPath == rhs.rawPath && lhs.path == rhs.path
            && lhs.query.elementsEqual(rhs.query) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Splits an origin-form target such as `/3/movie/popular?page=2&api_key=x`.
    init(_ target: String) {
        let withoutFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        rawPath = String(parts[0])
        path = Self.percentDecoded(parts[0], plusIsSpace: false)
        query = []
        guard parts.count == 2 else { return }
        for item in parts[1].split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.percentDecoded(pair[0], plusIsSpace: true)
            let value = pair.count == 2 ? Self.percentDecoded(pair[1], plusIsSpace: true) : ""
            query.append((name, value))
        }
    }

    /// The first value of a query item, if present.
    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Decodes `%XX` escapes; malformed escapes are kept as they are.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
