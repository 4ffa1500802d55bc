/// TMDB's `credit_id`: 24 lowercase hex digits (a MongoDB ObjectId), here two draws of a generator.
struct CreditID: Equatable, Sendable {
    private let first: UInt64
    private let second: UInt64

    /// Draws the next `credit_id` of `random`.
    init(_ random: inout SplitMix64) {
        first = random.next()
        second = random.next()
    }

    /// The 24 digits.
    var value: String {
        String(decoding: digits, as: UTF8.self)
    }

    /// Appends `"credit_id":"…"` (with no separator before it).
    func append(key: String = "credit_id", to json: inout JSONBuffer) {
        json.raw("\"\(key)\":\"")
        json.raw(digits)
        json.raw("\"")
    }

    /// Draws a `credit_id` and appends it as ``append(key:to:)`` does.
    static func append(key: String = "credit_id", to json: inout JSONBuffer, _ random: inout SplitMix64) {
        CreditID(&random).append(key: key, to: &json)
    }

    private var digits: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 24)
        var value = first
        for digit in 0..<24 {
            if digit == 16 { value = second }
            bytes[digit] = Self.hex[Int(value & 0x0F)]
            value >>= 4
        }
        return bytes
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
