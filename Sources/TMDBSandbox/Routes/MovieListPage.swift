/// The body of `GET /3/movie/{list}?page=N`, assembled from the catalogue's pre-rendered movie fragments.
enum MovieListPage {
    /// The `dates` window TMDB sends first in `now_playing` and `upcoming` pages.
    static let dates = (minimum: "2026-10-20", maximum: "2026-12-01")

    /// `{["dates":…,]"page":N,"results":[…],"total_pages":T,"total_results":R}`.
    /// - Parameter fragment: the result object of a catalogue index; the pre-rendered one unless told.
    static func render(
        _ list: SandboxList, page: Int, catalogue: SandboxCatalogue, fragment: ((Int) -> [UInt8])? = nil
    ) -> [UInt8] {
        let indices = catalogue.pageIndices(page, of: list)
        let results = indices.map { fragment?($0) ?? catalogue.fragments[$0] }
        var json = JSONBuffer(capacity: 64 + results.reduce(0) { $0 + $1.count + 1 } + 64)
        json.raw("{")
        if list.hasDates {
            json.raw("\"dates\":{\"maximum\":\"\(dates.maximum)\",\"minimum\":\"\(dates.minimum)\"},")
        }
        json.raw("\"page\":")
        json.int(page)
        json.raw(",\"results\":[")
        for (offset, result) in results.enumerated() {
            if offset > 0 { json.raw(",") }
            json.raw(result)
        }
        json.raw("],\"total_pages\":")
        json.int(catalogue.totalPages(list))
        json.raw(",\"total_results\":")
        json.int(catalogue.totalResults(list))
        json.raw("}")
        return json.bytes
    }

    /// The page number of a query value: nil unless an integer in 1...500.
    static func pageNumber(_ value: String?) -> Int? {
        guard let value else { return 1 }
        guard let page = Int(value), (1...SandboxCatalogue.maximumPage).contains(page) else { return nil }
        return page
    }
}
