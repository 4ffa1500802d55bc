import Foundation

/// Text folded for search: lowercased and stripped of diacritics, as UTF-8 bytes, so that `amelie` finds `Amélie`
/// and `сталкер` finds `Сталкер` with a plain byte comparison.
struct SearchText: Sendable, Equatable {
    /// The folded UTF-8 bytes.
    let bytes: [UInt8]

    /// Folds `text`; ASCII text, most titles, skips Foundation.
    init(_ text: String) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            bytes = utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        } else {
            bytes = Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
        }
    }

    /// Whether `needle` occurs in this text; an empty needle occurs everywhere.
    func contains(_ needle: SearchText) -> Bool {
        let pattern = needle.bytes
        guard let first = pattern.first else { return true }
        guard pattern.count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { pattern in
                var start = 0
                let last = haystack.count - pattern.count
                while start <= last {
                    if haystack[start] == first {
                        var offset = 1
                        while offset < pattern.count, haystack[start + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
