/// TMDB's `credit_id`: 24 lowercase hex digits (a MongoDB ObjectId), here two draws of a generator.
enum CreditID {
    /// Appends `"credit_id":"…"` (with no separator before it).
    static func append(key: String = "credit_id", to json: inout JSONBuffer, _ random: inout SplitMix64) {
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
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
