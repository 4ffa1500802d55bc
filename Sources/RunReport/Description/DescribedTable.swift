import RunStore

/// One data file of a run as its self-description names it: the file, what its rows are, their columns and keys.
/// Built from the same definitions the writers use (``CatalogueTable``, the list tables' columns), so that the data
/// package and the load script cannot drift from the files.
package struct DescribedTable: Sendable, Hashable {
    /// A reference from this table's columns to another table's key.
    package struct ForeignKey: Sendable, Hashable {
        package var fields: [String]
        /// The referenced table's ``DescribedTable/name``.
        package var table: String
        package var referencedFields: [String]

        package init(fields: [String], table: String, referencedFields: [String]) {
            self.fields = fields
            self.table = table
            self.referencedFields = referencedFields
        }
    }

    /// The table's name where the file is the only one of its kind (`movies`, `movie_top_rated`); the data package
    /// names its resources from it.
    package var name: String
    package var file: Manifest.DataFile
    /// One line on what a row is.
    package var description: String
    /// The columns in file order; nil for a file whose records are not flat rows (the details answers as received).
    package var columns: [CatalogueColumn]?
    package var primaryKey: [String] = []
    package var foreignKeys: [ForeignKey] = []
    /// References that should hold but are not declared, since the data may break them (a title's keyword missing
    /// from the day's keyword export): said in words in the data package and as comments in the load script.
    package var shouldJoin: [ForeignKey] = []

    package var isCSV: Bool { file.format == "csv" }
}
