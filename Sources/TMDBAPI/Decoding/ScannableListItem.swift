/// A list item that ``ResultsPage`` can read with a ``JSONScanner`` instead of `JSONDecoder`.
///
/// `init(scanning:)` must build exactly what `init(from:)` decodes from the same JSON, and return nil for
/// anything it does not handle the same way: a missing or null required field, a value of another type, a key
/// given twice. The page is then decoded by `JSONDecoder`, which also says what was wrong. Tests compare both
/// decoders on the sandbox's catalogue and on damaged items.
protocol ScannableListItem: ListItem {
    /// Reads one list item; the scanner stands before its opening brace.
    init?(scanning scanner: inout JSONScanner)
}

/// Which known keys an object has shown so far, to refuse a key given twice.
struct SeenKeys {
    private var bits: UInt64 = 0

    /// Records key number `index` (0–63); false if it was already seen.
    mutating func first(_ index: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        defer { bits |= bit }
        return bits & bit == 0
    }
}
