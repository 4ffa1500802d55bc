/// TMDB's `credit_id`: 24 lowercase hex digits (a MongoDB ObjectId), here two draws of a generator.
enum CreditID {
    /// Appends `"credit_id":"…"` (with no separator before it); returns the bytes appended, whose ``value(in:)`` a
    /// ``CreditRecorder`` keeps.
    @discardableResult
    static func append(key: String = "credit_id", to json: inout JSONBuffer, _ random: inout SplitMix64) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "\""), count: key.utf8.count + 29)
        var position = 1
        for byte in key.utf8 {
            bytes[position] = byte
            position += 1
        }
        bytes[position + 1] = UInt8(ascii: ":")
        position += 3
        var value = random.next()
        let tail = random.next()
        for digit in 0..<24 {
            if digit == 16 { value = tail }
            bytes[position + digit] = hex[Int(value & 0x0F)]
            value >>= 4
        }
        json.raw(bytes)
        return bytes
    }

    /// The 24 digits in the bytes ``append(key:to:_:)`` returned.
    static func value(in appended: [UInt8]) -> String {
        String(decoding: appended[(appended.count - 25)..<(appended.count - 1)], as: UTF8.self)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
