import Foundation
import RunStore

/// Writes `report.html` into a run's folder: the data sets read back from the run's files, the page rendered, the
/// file written under a temporary name and renamed into place.
package enum ReportFile {
    package static let fileName = "report.html"

    /// - Parameters:
    ///   - manifest: the run's manifest, as it will be written (without its `reportFile`).
    ///   - runDirectory: the folder the run's files are in (the staging folder, before publishing).
    ///   - jobDirectory: the job's folder, whose `posters/` the contact sheets show.
    /// - Returns: the report, as the manifest lists it (`rows` is 0: a page has none).
    /// - Throws: ``OutputError`` when a data file cannot be read or the report cannot be written.
    package static func write(_ manifest: Manifest, runDirectory: String, jobDirectory: String) throws(OutputError)
        -> Manifest.DataFile
    {
        let dataSets = try ReportDataReader(runDirectory: runDirectory, jobDirectory: jobDirectory).dataSets(
            of: manifest)
        let html = Data(ReportPage(manifest: manifest, dataSets: dataSets).html().utf8)
        let writer = try AtomicFileWriter(finalPath: (runDirectory as NSString).appendingPathComponent(fileName))
        try writer.write(html)
        let digest = try writer.commit()
        return Manifest.DataFile(path: fileName, format: "html", rows: 0, bytes: writer.byteCount, sha256: digest)
    }
}
