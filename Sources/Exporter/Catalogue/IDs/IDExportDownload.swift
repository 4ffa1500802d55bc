import Foundation
import HTTPClient
import RunStore
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The ID export files of one catalogue type on disk, and how they got there: downloaded into a folder under
/// TMDB's names, or found there complete from an earlier attempt of the run.
public struct IDExportDownload: Sendable, Hashable {
    /// One file in the folder.
    public struct LocalFile: Sendable, Hashable {
        public var file: IDExportFile
        public var path: String
        /// Its size in bytes, compressed.
        public var byteCount: Int
        /// True when a complete file of that name was already in the folder and was used as it was.
        public var reused: Bool
    }

    /// The day whose files are used.
    public var day: ExportDay
    /// The catalogue's file, then the adult file when adult items were asked for.
    public var files: [LocalFile]
    /// The day `latest` first resolved to, when its file was missing (404) and the day before was used instead: a
    /// warning for the log and a field for the manifest.
    public var fellBackFrom: ExportDay?

    /// The most bytes one export file may have: the movie file is about 10 MB compressed.
    public static let defaultMaximumFileBytes = 1 << 30

    /// Puts the export files of `type` for `date` in `directory`, downloading those not there already.
    ///
    /// `latest` resolves to ``ExportDay/latestPublished(at:)`` of `now`; if that day's catalogue file is missing
    /// (404), the day before is used (once, never further) and ``fellBackFrom`` says so. A file already in the
    /// folder under its final name is reused if it reads through as gzip to its end (a resumed run); otherwise it
    /// is downloaded again. Downloads go to a temporary name, are read through, synced and only then renamed, so
    /// the final name only ever holds a complete file. A resumed run passes the day it recorded, not `latest`.
    /// - Parameters:
    ///   - client: a client without credentials whose base URL is the files' (``TMDB/filesBaseURL``).
    ///   - adult: also the `adult_…` file of the same day.
    ///   - lineLimit: the most lines a file may have; the read-through stops at the line past it.
    /// - Throws: ``ExportError/idExportDownload(url:_:)`` for a file that cannot be downloaded (a 404 for a day
    ///   asked for explicitly, for the adult file, or for both days of `latest`), ``ExportError/badIDExport(file:
    ///   line:reason:)`` for a downloaded file that is not sound gzip or has more lines than `lineLimit`,
    ///   ``ExportError/output(_:)`` for the folder, ``ExportError/interrupted`` when cancelled.
    public static func fetch(
        _ type: CatalogueType, adult: Bool, date: IDExportDate, now: Date, into directory: String, client: APIClient,
        lineLimit: ExportLineLimit, maximumFileBytes: Int = defaultMaximumFileBytes
    ) async throws(ExportError) -> IDExportDownload {
        do { try FileSystem.createDirectory(directory) } catch { throw .output(error) }
        let fetcher = Fetcher(
            directory: directory, client: client, lineLimit: lineLimit, maximumFileBytes: maximumFileBytes)
        let (main, day, requested) = try await date.fetch(now: now) { (day) throws(ExportError) in
            try await fetcher.fetch(IDExportFile(type: type, adult: false, day: day))
        }
        var files = [main]
        if adult { files.append(try await fetcher.fetch(IDExportFile(type: type, adult: true, day: day))) }
        return IDExportDownload(day: day, files: files, fellBackFrom: day == requested ? nil : requested)
    }

    /// Fetches one export file into the folder: an ID export, or a dimension export (``DimensionExportDownload``).
    struct Fetcher {
        let directory: String
        let client: APIClient
        /// The line past its maximum stops the read-through.
        let lineLimit: ExportLineLimit
        let maximumFileBytes: Int

        func fetch(_ file: IDExportFile) async throws(ExportError) -> LocalFile {
            let local = try await download(file)
            return LocalFile(file: file, path: local.path, byteCount: local.byteCount, reused: local.reused)
        }

        /// Downloads `file` under its name, unless a complete file of that name is there already.
        func download<File: DailyExportFile>(
            _ file: File
        ) async throws(ExportError) -> (path: String, byteCount: Int, reused: Bool) {
            let (fileName, endpoint) = (file.fileName, TMDB.ExportFile(file))
            let path = (directory as NSString).appendingPathComponent(fileName)
            let kept = ExportFileLines(path, lineLimit: lineLimit)
            let reusable = await BlockingFiles.run {
                FileManager.default.fileExists(atPath: path) && (try? kept.forEachLine { _, _ in }) != nil
            }
            if reusable { return (path, Self.size(of: path), true) }
            let url = client.url(for: endpoint).map { URLRedaction.redact($0) } ?? fileName
            let temporary = (directory as NSString).appendingPathComponent(
                ".\(fileName).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            defer { unlink(temporary) }
            do {
                _ = try await client.download(endpoint, to: temporary, maximumBytes: maximumFileBytes)
            } catch {
                throw error.reason == .cancelled ? .interrupted : .idExportDownload(url: url, error)
            }
            // Read to its end (or the line limit) and synced off the cooperative threads: an export is hundreds of
            // megabytes.
            let downloaded = ExportFileLines(temporary, naming: url, lineLimit: lineLimit)
            try await BlockingFiles.run { () throws(ExportError) in
                try downloaded.forEachLine { _, _ in }
                try Self.sync(temporary)
            }
            guard rename(temporary, path) == 0 else {
                throw .output(OutputError.fromErrno("rename into place", path: path))
            }
            return (path, Self.size(of: path), false)
        }

        /// Flushes the file's bytes to disk, so the rename never publishes a name whose data a crash can lose.
        private static func sync(_ path: String) throws(ExportError) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .output(OutputError.fromErrno("open", path: path)) }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw .output(OutputError.fromErrno("sync", path: path)) }
        }

        private static func size(of path: String) -> Int {
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : 0
        }
    }
}
