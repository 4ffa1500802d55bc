/// "Did you mean …?" suggestions for misspelt names, by edit distance.
public enum Suggestions {
    /// The candidate closest to `input`, if it is close enough to be a plausible typo.
    public static func closest(to input: String, in candidates: [String]) -> String? {
        // No name is this long, and the distance costs input × candidate: a huge value gets no suggestion.
        guard input.utf8.count <= 100 else { return nil }
        let lowered = input.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, input.count / 3) ? best.0 : nil
    }

    /// The Levenshtein distance between two strings, in characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// ` (did you mean "x"?)` or an empty string.
    public static func hint(for input: String, in candidates: [String]) -> String {
        closest(to: input, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
