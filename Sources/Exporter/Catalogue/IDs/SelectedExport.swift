import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// A catalogue's ids for this run: its ID export files fetched into the run's `ids/` folder (or found there by a
/// resumed run), streamed through the job's filters, and kept sorted.
struct SelectedExport: Sendable {
    var ids: CatalogueIDs
    /// Each id's popularity in the export: what the main table's `popularity` says.
    var popularity: ExportPopularity
    /// The catalogue's `refresh.top` most popular ids (of the whole selection, not the shard's), of this shard.
    var mostPopular: [UInt32]
    /// The day of the files read.
    var day: ExportDay
    /// The day `latest` pointed at when its file was missing and the day before was read instead.
    var missingDay: ExportDay?
    /// The files read, by TMDB's names.
    var fileNames: [String]
    /// The same files as the run keeps them in `ids/`, with their lines, size and SHA-256.
    var keptFiles: [Manifest.DataFile]
    /// What the filters did.
    var counts: IDSelection.Counts

    /// Fetches and selects. A resumed run reads the day whose file the interrupted run kept, so its ids, and the
    /// positions its checkpoint counts in, are the same.
    /// With a `shard`, the job's filters pick from the whole export (a `limit` is the catalogue's most popular, not
    /// the shard's), then only the shard's ids are kept.
    static func fetch(
        _ request: Job.CatalogueRequest, files: APIClient, directory: String, now: Date, shard: Shard? = nil
    ) async throws(ExportError) -> SelectedExport {
        let date = keptDay(of: request.type, in: directory).map { IDExportDate.day($0) } ?? request.exportDate
        let lineLimit = ExportLineLimit(request.type)
        let download = try await IDExportDownload.fetch(
            request.type, adult: request.adult, date: date, now: now, into: directory, client: files,
            lineLimit: lineLimit)
        let paths = download.files.map(\.path)
        let filters = request.filters
        let (selection, digests) = try await BlockingFiles.run {
            () throws(ExportError) -> (IDSelection, [(bytes: Int, sha256: String)]) in
            let selection = try IDSelection.select(from: paths, filters: filters, lineLimit: lineLimit)
            do throws(OutputError) { return (selection, try paths.map(FileDigest.sha256(of:))) } catch {
                throw .output(error)
            }
        }
        let keptFiles = download.files.indices.map { index in
            Manifest.DataFile(
                path: SnapshotLayout.exportFile(download.files[index].file.fileName), format: "ndjson.gz",
                rows: selection.linesPerFile[index], bytes: digests[index].bytes, sha256: digests[index].sha256)
        }
        let popularity = ExportPopularity(selection, shard: shard)
        return SelectedExport(
            ids: CatalogueIDs(popularity.ids), popularity: popularity,
            mostPopular: Shard.keeping(ExportPopularity(selection).mostPopular(request.refresh.top), in: shard),
            day: download.day, missingDay: download.fellBackFrom,
            fileNames: download.files.map(\.file.fileName), keptFiles: keptFiles, counts: selection.counts)
    }

    /// The day of a complete (not temporary) export file of `type` already in `directory`, if any.
    private static func keptDay(of type: CatalogueType, in directory: String) -> ExportDay? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.lazy.compactMap { name -> ExportDay? in
            guard let file = IDExportFile(fileName: name), file.type == type, !file.adult else { return nil }
            return file.day
        }.first
    }
}

extension Job.CatalogueRequest {
    /// The job's filters as a selection applies them: tonight's, and a snapshot's read again, alike.
    var filters: IDSelection.Filters {
        IDSelection.Filters(adult: adult, minimumPopularity: minPopularity, limit: limit)
    }
}
