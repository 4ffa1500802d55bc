/// The votes tonight's discover pages gave for carried-over ids, which the merge writes into their rows with the
/// page's time as `votes_at`. Kept in the night's plan, so a resumed run writes the same values.
package struct RefreshedVotes: Codable, Sendable, Hashable {
    /// Ascending, unique.
    package var ids: [UInt32] = []
    /// In the order of ``ids``.
    package var voteAverage: [Double?] = []
    package var voteCount: [Int?] = []
    /// ISO 8601, UTC: when the page with the id arrived.
    package var votesAt: [String] = []

    package var count: Int { ids.count }

    /// The position of `id` in ``ids``; nil when its votes were not refreshed.
    package func index(of id: UInt32) -> Int? { ids.sortedIndex(of: id) }

    /// Adds the votes of `id`; ids may come in any order until ``sorted()``.
    package mutating func append(id: UInt32, voteAverage: Double?, voteCount: Int?, votesAt: String) {
        ids.append(id)
        self.voteAverage.append(voteAverage)
        self.voteCount.append(voteCount)
        self.votesAt.append(votesAt)
    }

    /// The same votes by ascending id; of an id seen twice (on two pages), the first.
    package func sorted() -> RefreshedVotes {
        let order = ids.indices.sorted { ids[$0] < ids[$1] || (ids[$0] == ids[$1] && $0 < $1) }
        var sorted = RefreshedVotes()
        for index in order where sorted.ids.last != ids[index] {
            sorted.append(
                id: ids[index], voteAverage: voteAverage[index], voteCount: voteCount[index], votesAt: votesAt[index])
        }
        return sorted
    }

    package init(
        ids: [UInt32] = [],
        voteAverage: [Double?] = [],
        voteCount: [Int?] = [],
        votesAt: [String] = []
    ) {
        self.ids = ids
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.votesAt = votesAt
    }
}
