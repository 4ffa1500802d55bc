extension SandboxCatalogue {
    /// Every TV show, in catalogue order (the order of generation, not of any list).
    var shows: [SandboxShow] {
        tv.shows
    }

    /// Indices into ``shows``, in the order of the TV list.
    func tvList(_ name: SandboxTVList) -> [Int] {
        tv.lists[name] ?? []
    }

    /// `total_results` of a TV list: its real length.
    func tvTotalResults(_ name: SandboxTVList) -> Int {
        tvList(name).count
    }

    /// `total_pages` of a TV list.
    func tvTotalPages(_ name: SandboxTVList) -> Int {
        (tvTotalResults(name) + Self.pageSize - 1) / Self.pageSize
    }

    /// The shows of one page (1-based) of a TV list; empty past the end.
    func tvPage(_ number: Int, of name: SandboxTVList) -> [SandboxShow] {
        Self.pageSlice(number, of: tvList(name)).map { tv.shows[$0] }
    }

    /// The show whose poster path is exactly `posterPath`, if any.
    func show(posterPath: String) -> SandboxShow? {
        tv.posterIndex[posterPath].map { tv.shows[$0] }
    }

    /// The index into ``shows`` of the show with this TMDB id, if it is in the catalogue.
    func showIndex(id: Int) -> Int? {
        ShowGenerator.index(ofId: id)
    }

    /// The index into ``movies`` of the movie with this TMDB id, if it is in the catalogue.
    func movieIndex(id: Int) -> Int? {
        CatalogueGenerator.index(ofId: id)
    }

    /// The entries of one page (1-based) of any list of indices; empty past the end.
    static func pageSlice(_ number: Int, of indices: [Int]) -> ArraySlice<Int> {
        let start = (number - 1) * pageSize
        guard number >= 1, start < indices.count else { return [] }
        return indices[start..<min(start + pageSize, indices.count)]
    }
}
