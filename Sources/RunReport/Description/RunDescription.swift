import Foundation
import RunStore

/// What a run says of itself beside its data: `datapackage.json`, the load scripts (`load.sql` for DuckDB,
/// `load.postgres.sql`) and on incremental nights the delta scripts (`delta.sql`, `delta.postgres.sql`), written into the run's folder
/// (atomically, like every file) just before its manifest; a published incremental night's delta applies on top of
/// the run before it, an unpublished run writes none.
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

    /// Writes the data package and the scripts into `directory`, with a ``PostgresTextTwin`` for each CSV file psql
    /// could not read whole.
    /// - Parameter published: whether the run will become `latest`. A run that will not (partial without
    ///   `--allow-partial`, failed) writes no delta script: the next night builds on the run before it, so its delta
    ///   would take a database off the published chain; its load scripts say so.
    package static func write(_ manifest: Manifest, lists: [DescribedList], into directory: String, published: Bool)
        throws(OutputError)
    {
        let tables = tables(manifest, lists: lists)
        let twins = try PostgresTextTwin.write(
            tables.filter { $0.isCSV && $0.columns != nil }.map(\.file.path), in: directory)
        var description = DataPackage(manifest: manifest, tables: tables)
        for csvPath in twins.sorted() {
            description.resources.append(try PostgresTextTwin.resource(twinning: csvPath, in: directory))
        }
        let packagePath = (directory as NSString).appendingPathComponent(packageName)
        let package: Data
        do { package = try description.encoded() } catch {
            throw OutputError(operation: "encode", path: packagePath, reason: "\(error)")
        }
        try AtomicFileWriter.write(package, to: packagePath)
        var scripts = [
            loadScriptName: LoadScript.text(manifest: manifest, tables: tables, published: published),
            postgresLoadScriptName: LoadScript.text(
                manifest: manifest, tables: tables, dialect: .postgres, textTwins: twins, published: published),
        ]
        if published {
            scripts[deltaScriptName] = DeltaScript.text(manifest: manifest, tables: tables, dialect: .duckdb)
            scripts[postgresDeltaScriptName] = DeltaScript.text(
                manifest: manifest, tables: tables, dialect: .postgres, textTwins: twins)
        }
        for (name, text) in scripts.sorted(by: { $0.key < $1.key }) {
            try AtomicFileWriter.write(Data(text.utf8), to: (directory as NSString).appendingPathComponent(name))
        }
    }

    /// What a load script of a run that is not published says at its top.
    package static func notPublishedNote(_ manifest: Manifest) -> [String] {
        [
            "-- NOT PUBLISHED: run \(manifest.runID) is \(manifest.status.rawValue) and was not published as latest; "
                + "it wrote no delta script, and the next night builds on the run before it.",
            "-- Its tables may lack rows. Load it only into a database of its own; the nightly chain skips it.",
        ]
    }
}
