/// Each selected id's `popularity` in tonight's ID export: the value `movies.popularity` and `tv_series.popularity`
/// carry in full and incremental runs alike. TMDB's change feed never announces popularity, and the export has it for
/// every id every day at no request cost, so a carried-over row is as current as a fetched one.
struct ExportPopularity: Sendable {
    /// Ascending, unique.
    let ids: [UInt32]
    /// In the order of ``ids``; NaN when the export line had none.
    let values: [Double]

    /// The selection's ids, those of `shard` alone when there is one.
    init(_ selection: IDSelection, shard: Shard? = nil) {
        guard let shard else {
            ids = selection.ids
            values = selection.popularity
            return
        }
        var ids: [UInt32] = []
        var values: [Double] = []
        for (id, value) in zip(selection.ids, selection.popularity) where shard.contains(id) {
            ids.append(id)
            values.append(value)
        }
        self.ids = ids
        self.values = values
    }

    init(ids: [UInt32], values: [Double]) {
        precondition(ids.count == values.count, "one popularity per id")
        self.ids = ids
        self.values = values
    }

    /// The export's popularity of `id`; nil when the id is not selected or its line had none.
    func value(of id: UInt32) -> Double? {
        guard let index = ids.sortedIndex(of: id), !values[index].isNaN else { return nil }
        return values[index]
    }

    /// The `count` most popular ids (a missing popularity counts as 0; ties go to the lower id), ascending by id:
    /// the bounded heap a selection's `limit` uses.
    func mostPopular(_ count: Int) -> [UInt32] {
        guard count < ids.count else { return ids }
        var top = TopPopular(capacity: count)
        for (id, value) in zip(ids, values) { top.offer(popularity: value.isNaN ? 0 : value, id: id) }
        return top.entries.map(\.id).sorted()
    }
}
