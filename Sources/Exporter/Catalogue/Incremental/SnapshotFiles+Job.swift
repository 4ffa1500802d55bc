import RunStore
import TMDBAPI

extension SnapshotFiles {
    /// The files a snapshot of the job's catalogue `request` holds, in the job's formats: everything from the job
    /// but the export day, which is the snapshot's own and must be a day.
    /// - Throws: when `exportDate` (the snapshot manifest's) is not a day, `YYYY-MM-DD`.
    init(_ request: Job.CatalogueRequest, formats: [OutputFormat], exportDate: String) throws(Mismatch) {
        guard let day = ExportDay(exportDate) else {
            throw Mismatch("gives the \(request.type) export day as \(Self.quoted(exportDate)), not a day")
        }
        self.init(
            request.type, appending: Set(request.append), formats: formats, exportDay: day, adult: request.adult)
    }
}

extension PreviousSnapshot {
    /// Checks the snapshot's catalogue `summary` as the job's `request` makes it: the files the job names, listed
    /// exactly by the manifest, each matching its size and SHA-256 (the delta's too when `delta`).
    /// - Returns: those files, the only ones to read from the snapshot.
    /// - Throws: why the snapshot cannot be trusted, naming its manifest or the file.
    func verified(
        _ summary: Manifest.CatalogueSummary, as request: Job.CatalogueRequest, formats: [OutputFormat],
        delta: Bool = false
    ) async throws(FullRunReason) -> SnapshotFiles {
        let files: SnapshotFiles
        do throws(SnapshotFiles.Mismatch) {
            files = try SnapshotFiles(request, formats: formats, exportDate: summary.exportDate)
        } catch {
            throw FullRunReason("runs/\(runID)/manifest.json \(error)")
        }
        try await verify(summary, files: files, delta: delta)
        return files
    }
}
