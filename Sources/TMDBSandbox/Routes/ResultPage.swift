/// The body of every paged TMDB list other than the movie lists (TV lists, trending, discover, search,
/// recommendations, similar): `{"page":N,"results":[…],"total_pages":T,"total_results":R}`.
enum ResultPage {
    /// One page (1-based) of `indices`, each result rendered by `fragment`; empty results past the end.
    /// - Parameter atLeastOnePage: report `total_pages` 1 for an empty list, as TMDB's search and discover do.
    static func render(
        page: Int, of indices: [Int], atLeastOnePage: Bool = false, fragment: (Int) -> [UInt8]
    ) -> [UInt8] {
        let slice = SandboxCatalogue.pageSlice(page, of: indices)
        var json = JSONBuffer(capacity: 128 + slice.count * 640)
        json.raw("{\"page\":")
        json.int(page)
        json.raw(",\"results\":[")
        for (offset, index) in slice.enumerated() {
            if offset > 0 { json.raw(",") }
            json.raw(fragment(index))
        }
        let pages = (indices.count + SandboxCatalogue.pageSize - 1) / SandboxCatalogue.pageSize
        json.raw("],\"total_pages\":")
        json.int(atLeastOnePage ? max(1, pages) : pages)
        json.raw(",\"total_results\":")
        json.int(indices.count)
        json.raw("}")
        return json.bytes
    }

    /// What TMDB's search answers to a missing or empty query, whatever the page asked for.
    static let emptySearch: [UInt8] = Array(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#.utf8)
}
