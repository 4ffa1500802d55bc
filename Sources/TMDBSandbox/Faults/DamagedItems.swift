/// The ``SandboxFaultPlan/damagedItemPages`` fault: the first three items of a list page damaged as TMDB's were found
/// to be (issue 19), each a row that a reader must repair or reject, never lose. The first title (or name) starts
/// with the byte 0xFF, never valid UTF-8; the second `vote_average` is `1e400`, beyond any `Double`; the third `id`
/// is `2.5`, not an integer.
enum DamagedItems {
    /// `body`, a rendered list page, with its first three items damaged (as many as it has).
    static func damage(_ body: [UInt8]) -> [UInt8] {
        var body = body
        if let title = occurrence(#""title":""#, 1, in: body) ?? occurrence(#""name":""#, 1, in: body) {
            body.insert(0xFF, at: title.upperBound)
        }
        if let vote = occurrence(#""vote_average":"#, 2, in: body) {
            replaceNumber(after: vote, with: "1e400", in: &body)
        }
        if let id = occurrence(#""id":"#, 3, in: body) { replaceNumber(after: id, with: "2.5", in: &body) }
        return body
    }

    /// The range of the `number`th (1-based) occurrence of `text`. A key and its colon cannot occur inside a string
    /// of the page, where every quote is escaped.
    private static func occurrence(_ text: String, _ number: Int, in body: [UInt8]) -> Range<Int>? {
        let pattern = Array(text.utf8)
        var found = 0
        var index = 0
        while index + pattern.count <= body.count {
            if body[index..<(index + pattern.count)].elementsEqual(pattern) {
                found += 1
                if found == number { return index..<(index + pattern.count) }
                index += pattern.count
            } else {
                index += 1
            }
        }
        return nil
    }

    private static func replaceNumber(after key: Range<Int>, with text: String, in body: inout [UInt8]) {
        var end = key.upperBound
        while end < body.count,
            body[end] == UInt8(ascii: "-") || body[end] == UInt8(ascii: ".")
                || body[end] == UInt8(ascii: "e") || body[end] == UInt8(ascii: "+") || (48...57).contains(body[end])
        {
            end += 1
        }
        body.replaceSubrange(key.upperBound..<end, with: Array(text.utf8))
    }
}
