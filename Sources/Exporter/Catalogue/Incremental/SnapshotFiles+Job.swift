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
