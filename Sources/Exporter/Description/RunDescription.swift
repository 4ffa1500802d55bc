import Foundation

/// What a run says of itself beside its data: `datapackage.json` and `load.sql`, written into the run's folder
/// (atomically, like every file) just before its manifest.
enum RunDescription {
    static let packageName = "datapackage.json"
    static let loadScriptName = "load.sql"

    /// Every data file of the run, described from the writers' own definitions.
    static func tables(_ manifest: Manifest, job: Job) -> [DescribedTable] {
        let catalogues = zip(job.catalogue, manifest.catalogue ?? []).flatMap { request, summary in
            CatalogueDescription.tables(summary, request: request)
        }
        return ListDescription.tables(manifest, job: job) + catalogues
    }

    /// Writes both files into `directory`.
    static func write(_ manifest: Manifest, job: Job, into directory: String) throws(OutputError) {
        let tables = tables(manifest, job: job)
        let packagePath = (directory as NSString).appendingPathComponent(packageName)
        let package: Data
        do { package = try DataPackage(manifest: manifest, tables: tables).encoded() } catch {
            throw OutputError(operation: "encode", path: packagePath, reason: "\(error)")
        }
        try AtomicFileWriter.write(package, to: packagePath)
        try AtomicFileWriter.write(
            Data(LoadScript.text(manifest: manifest, tables: tables).utf8),
            to: (directory as NSString).appendingPathComponent(loadScriptName))
    }
}
