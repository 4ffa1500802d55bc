/// The numbers that drift every day without a change-feed entry (`popularity`, `vote_average`, `vote_count`), read
/// from or blanked in a JSON text by a byte scan: a JSON parse per line or body is slow in a debug build.
enum DailyNumbers {
    static let keys = ["popularity", "vote_average", "vote_count"].map { Array("\"\($0)\":".utf8) }

    /// `text` with the value of every drifting key replaced by `_`, so that two sightings compare equal when only
    /// those numbers differ.
    static func masked(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\""), let key = key(at: index, in: bytes) {
                    result += key
                    index += key.count
                    while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
                    result.append(UInt8(ascii: "_"))
                } else {
                    result.append(bytes[index])
                    index += 1
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The drifting key starting at `index`, compared byte by byte: `ArraySlice.starts(with:)` at every quote made a
    /// season test spend 40 of its 48 seconds here in a debug build.
    private static func key(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        keys.first { key in
            guard index + key.count <= bytes.count else { return false }
            var offset = 1
            while offset < key.count, bytes[index + offset] == key[offset] { offset += 1 }
            return offset == key.count
        }
    }

    /// The number after the first `"name":` of `text`, e.g. the popularity of an export line or of a details body.
    static func number(_ name: String, in text: String) -> Double? {
        let bytes = Array(text.utf8)
        let key = Array("\"\(name)\":".utf8)
        guard let start = (0..<bytes.count).first(where: { bytes[$0...].starts(with: key) }) else { return nil }
        let digits = bytes[(start + key.count)...].prefix(while: isNumberByte)
        return Double(String(decoding: digits, as: UTF8.self))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+")
    }
}
