/// Each selected id's `popularity` in tonight's ID export: the value `movies.popularity` and `tv_series.popularity`
/// carry in full and incremental runs alike. TMDB's change feed never announces popularity, and the export has it for
/// every id every day at no request cost, so a carried-over row is as current as a fetched one.
package struct ExportPopularity: Sendable {
    /// Ascending, unique.
    package let ids: [UInt32]
    /// In the order of ``ids``; NaN when the export line had none.
    package let values: [Double]

    package init(ids: [UInt32], values: [Double]) {
        precondition(ids.count == values.count, "one popularity per id")
        self.ids = ids
        self.values = values
    }

    /// The export's popularity of `id`; nil when the id is not selected or its line had none.
    package func value(of id: UInt32) -> Double? {
        guard let index = ids.sortedIndex(of: id), !values[index].isNaN else { return nil }
        return values[index]
    }
}
