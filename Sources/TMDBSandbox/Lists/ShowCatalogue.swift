/// The TV half of the ``SandboxCatalogue``: shows, their list orders and their pre-rendered JSON.
struct ShowCatalogue: Sendable {
    /// Every show, in catalogue order.
    let shows: [SandboxShow]
    /// Each show's TMDB result object, rendered once so that serving a page is only a copy.
    let fragments: [[UInt8]]
    /// Catalogue index of every non-empty poster path.
    let posterIndex: [String: Int]
    /// Indices into ``shows``, in the order of each list.
    let lists: [SandboxTVList: [Int]]

    /// Builds the shows; with `unsafePosterPaths`, page 1 of every TV list carries the hostile poster paths too.
    init(unsafePosterPaths: Bool) {
        var shows = ShowGenerator.shows()
        let lists = Self.makeLists(shows)
        if unsafePosterPaths {
            let firstPages = SandboxTVList.allCases.map { Array((lists[$0] ?? []).prefix(SandboxCatalogue.pageSize)) }
            for (index, path) in HostilePosterPlacement.assignments(firstPages: firstPages) {
                shows[index].posterPath = path
            }
        }
        self.shows = shows
        self.lists = lists
        self.posterIndex = ImagePath.index(ofPosters: shows.map(\.posterPath))
        fragments = shows.map { $0.jsonFragment() }
    }

    private static func makeLists(_ shows: [SandboxShow]) -> [SandboxTVList: [Int]] {
        let all = Array(shows.indices)
        return [
            .popular: shows.indices(all, by: .popularity),
            .topRated: shows.indices(all, by: .voteAverage),
            .onTheAir: shows.indices(all.filter { $0 % 8 == 3 }, by: .popularity),
            // Most voted first: a different order from the other lists.
            .airingToday: shows.indices(all.filter { $0 % 40 == 6 }, by: .voteCount),
        ]
    }
}
