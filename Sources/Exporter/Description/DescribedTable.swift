/// One data file of a run as its self-description names it: the file, what its rows are, their columns and keys.
/// Built from the same definitions the writers use (``CatalogueTable``, the list tables' columns), so that the data
/// package and the load script cannot drift from the files.
struct DescribedTable: Sendable, Hashable {
    /// A reference from this table's columns to another table's key.
    struct ForeignKey: Sendable, Hashable {
        var fields: [String]
        /// The referenced table's ``DescribedTable/name``.
        var table: String
        var referencedFields: [String]
    }

    /// The table's name where the file is the only one of its kind (`movies`, `movie_top_rated`); the data package
    /// names its resources from it.
    var name: String
    var file: Manifest.DataFile
    /// One line on what a row is.
    var description: String
    /// The columns in file order; nil for a file whose records are not flat rows (the details answers as received).
    var columns: [CatalogueColumn]?
    var primaryKey: [String] = []
    var foreignKeys: [ForeignKey] = []

    var isCSV: Bool { file.format == "csv" }
}
