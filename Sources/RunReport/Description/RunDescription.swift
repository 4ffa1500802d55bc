import Foundation
import RunStore

/// What a run says of itself beside its data: `datapackage.json`, the load scripts (`load.sql` for DuckDB,
/// `load.postgres.sql`) and on incremental nights the delta scripts (`delta.sql`, `delta.postgres.sql`), written into the run's folder
/// (atomically, like every file) just before its manifest.
package enum RunDescription {
    package static let packageName = "datapackage.json"
    package static let loadScriptName = "load.sql"
    package static let postgresLoadScriptName = "load.postgres.sql"
    /// Written only by an incremental night (``DeltaScript``).
    package static let deltaScriptName = "delta.sql"
    package static let postgresDeltaScriptName = "delta.postgres.sql"

    /// Every data file of the run, described from the writers' own definitions.
    /// - Parameter lists: the run's list requests, in the manifest's order.
    package static func tables(_ manifest: Manifest, lists: [DescribedList]) -> [DescribedTable] {
        let catalogues = (manifest.catalogue ?? []).flatMap(CatalogueDescription.tables)
        let dimensions = DimensionDescription.tables(manifest)
        return ListDescription.tables(manifest, lists: lists)
            + DimensionDescription.joining(catalogues, to: dimensions) + dimensions
    }

    /// Writes both files into `directory`.
    package static func write(_ manifest: Manifest, lists: [DescribedList], into directory: String)
        throws(OutputError)
    {
        let tables = tables(manifest, lists: lists)
        let packagePath = (directory as NSString).appendingPathComponent(packageName)
        let package: Data
        do { package = try DataPackage(manifest: manifest, tables: tables).encoded() } catch {
            throw OutputError(operation: "encode", path: packagePath, reason: "\(error)")
        }
        try AtomicFileWriter.write(package, to: packagePath)
        var scripts = [
            loadScriptName: LoadScript.text(manifest: manifest, tables: tables),
            postgresLoadScriptName: PostgresLoadScript.text(manifest: manifest, tables: tables),
        ]
        scripts[deltaScriptName] = DeltaScript.text(manifest: manifest, tables: tables, dialect: .duckdb)
        scripts[postgresDeltaScriptName] = DeltaScript.text(manifest: manifest, tables: tables, dialect: .postgres)
        for (name, text) in scripts.sorted(by: { $0.key < $1.key }) {
            try AtomicFileWriter.write(Data(text.utf8), to: (directory as NSString).appendingPathComponent(name))
        }
    }
}
