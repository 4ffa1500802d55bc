import Foundation
import HTTPClient
import RunStore
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The dimension part of a run, inside its staging folder: each dimension's export downloaded into `ids/` (or found
/// there complete by a resumed run), read whole into its table, in id order, and removed. No API request, no diff
/// with the previous night: the export is the truth, and rewriting it is cheap.
struct DimensionRun {
    var job: Job
    /// A credential-free client for the export files (`--files-base-url`).
    var files: APIClient
    /// The staging run's folder.
    var directory: String
    /// The time the export day is resolved against.
    var now: Date
    var onEvent: @Sendable (ExportEvent) -> Void

    func run() async throws(ExportError) -> [Manifest.DimensionSummary] {
        let idsDirectory = (directory as NSString).appendingPathComponent(SnapshotLayout.exportFolder)
        do throws(OutputError) { try FileSystem.createDirectory(idsDirectory) } catch { throw .output(error) }
        defer { rmdir(idsDirectory) }
        var summaries: [Manifest.DimensionSummary] = []
        for request in job.dimensions {
            summaries.append(try await table(request, idsDirectory: idsDirectory))
        }
        return summaries
    }

    /// One dimension: its export fetched, read and written as its table.
    private func table(_ request: Job.DimensionRequest, idsDirectory: String) async throws(ExportError)
        -> Manifest.DimensionSummary
    {
        let lineLimit = ExportLineLimit(request.type)
        let fetcher = IDExportDownload.Fetcher(
            directory: idsDirectory, client: files, lineLimit: lineLimit,
            maximumFileBytes: IDExportDownload.defaultMaximumFileBytes)
        let (local, day, requested) = try await request.exportDate.fetch(now: now) { (day) throws(ExportError) in
            try await fetcher.download(DimensionExportFile(type: request.type, day: day))
        }
        let file = DimensionExportFile(type: request.type, day: day)
        if day != requested {
            onEvent(
                .notice(
                    "the \(request.type.rawValue) export of \(requested) is not published (404); "
                        + "read \(file.day)'s instead"))
        }
        let (table, formats, directory) = (DimensionTable.table(request.type), job.formats, directory)
        let (entries, written) = try await BlockingFiles.run {
            () throws(ExportError) -> (DimensionEntries, [Manifest.DataFile]) in
            let entries = try DimensionEntries.read(local.path, lineLimit: lineLimit)
            do throws(OutputError) {
                return (
                    entries, try DimensionTableWriter.write(entries, table: table, formats: formats, into: directory)
                )
            } catch {
                throw .output(error)
            }
        }
        // The table is all of the file: the run keeps no copy of it.
        do throws(OutputError) { try FileSystem.remove(local.path) } catch { throw .output(error) }
        return Manifest.DimensionSummary(
            type: request.type, exportDateRequested: request.exportDate.description, exportDate: "\(file.day)",
            exportDateMissing: file.day == requested ? nil : "\(requested)", exportFile: file.fileName,
            linesInExport: entries.lines, duplicateIDsInExport: entries.duplicates, files: written)
    }
}
