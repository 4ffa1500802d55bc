/// A catalogue's selected ids, ascending and unique, kept as 32-bit values: a million ids cost 4 MB.
struct CatalogueIDs: Sendable {
    /// Ascending, unique.
    let values: [UInt32]

    init(_ values: [UInt32]) { self.values = values }

    var count: Int { values.count }

    subscript(position: Int) -> Int { Int(values[position]) }
}
