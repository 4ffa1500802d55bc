/// The year of a TMDB `YYYY-MM-DD` date.
enum DateYear {
    /// The first four digits as a number; nil for `""` or anything that does not start with a year.
    static func of(_ date: String) -> Int? {
        let utf8 = date.utf8
        guard utf8.count >= 4 else { return nil }
        var year = 0
        for byte in utf8.prefix(4) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            year = year * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return year
    }
}
