import JSON

/// Which known keys an object has shown so far. A key given twice fails the scan: what it means is left to
/// `JSONDecoder`, which then reads the page.
struct SeenKeys {
    private var bits: UInt64 = 0

    /// Records key number `index` (0–63), or fails if it was already seen.
    mutating func insert(_ index: Int, _ scanner: JSONScanner) throws(JSONScanner.Failure) {
        let bit: UInt64 = 1 << UInt64(index)
        guard bits & bit == 0 else { throw scanner.failure("duplicate key") }
        bits |= bit
    }
}
