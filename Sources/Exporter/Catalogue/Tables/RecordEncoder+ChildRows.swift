import RunStore

extension RecordEncoder {
    /// Writes one row per item, in order: `id` under `parent` (`movie_id`, `series_id`, `person_id`), then what
    /// `columns` writes of the item; returns the number of rows written.
    mutating func rows<Item>(
        of items: [Item], parent: StaticString, id: Int, _ columns: (Item, inout RecordEncoder) -> Void
    ) -> Int {
        for item in items {
            integer(parent, id)
            columns(item, &self)
            end()
        }
        return items.count
    }
}
