import RunStore

extension ExportPopularity {
    /// The selection's ids, those of `shard` alone when there is one.
    init(_ selection: IDSelection, shard: Shard? = nil) {
        guard let shard else {
            self.init(ids: selection.ids, values: selection.popularity)
            return
        }
        var ids: [UInt32] = []
        var values: [Double] = []
        for (id, value) in zip(selection.ids, selection.popularity) where shard.contains(id) {
            ids.append(id)
            values.append(value)
        }
        self.init(ids: ids, values: values)
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
