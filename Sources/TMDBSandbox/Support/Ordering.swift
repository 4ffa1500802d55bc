/// The comparisons behind every sandbox order: one key, then the lower id first, so no two entries tie.
enum Ordering {
    /// Orders `(key, id)` pairs by key (descending or ascending), then by id ascending.
    static func precedes<Key: Comparable>(_ left: (Key, id: Int), _ right: (Key, id: Int), descending: Bool) -> Bool {
        if left.0 != right.0 { return descending ? left.0 > right.0 : left.0 < right.0 }
        return left.id < right.id
    }

    /// Orders `(YYYY-MM-DD, id)` pairs; undated (`""`) entries go last in both directions.
    static func precedes(date left: (String, id: Int), _ right: (String, id: Int), descending: Bool) -> Bool {
        if left.0.isEmpty != right.0.isEmpty { return right.0.isEmpty }
        return precedes(left, right, descending: descending)
    }

    /// Orders `(text, id)` pairs by the text's UTF-8 bytes (Unicode code point order, whatever the locale).
    static func precedes(text left: (String, id: Int), _ right: (String, id: Int), descending: Bool) -> Bool {
        if left.0 != right.0 {
            let ascending = left.0.utf8.lexicographicallyPrecedes(right.0.utf8)
            return descending ? !ascending : ascending
        }
        return left.id < right.id
    }
}
