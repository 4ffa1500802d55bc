import TMDBAPI

/// The tables of one catalogue type, a case each, in the order a run writes them.
package protocol CatalogueTableSet: CaseIterable {
    var table: CatalogueTable { get }
}

extension CatalogueTableSet {
    /// The tables a run writes when it appends `appending`.
    package static func tables(appending: Set<AppendedResource>) -> [Self] {
        allCases.filter { table in table.table.resource.map { appending.contains($0) } ?? true }
    }
}
