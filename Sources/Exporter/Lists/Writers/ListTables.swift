import RunStore

/// The data files of a list job's run: one ``ListTableWriter`` per list request, opened once setup has said the
/// genre names (nothing is written before), written as the schedule hands out rows, committed at the end; and
/// `rejected.ndjson`, the items that could not be read.
final class ListTables {
    private let job: Job
    private let directory: String
    private let posterSize: String?
    private(set) var writers: [ListTableWriter] = []
    private let rejected: RejectedItemsFile
    /// `rejected.ndjson` once committed; nil when nothing was rejected.
    private(set) var rejectedFile: Manifest.DataFile?

    init(job: Job, directory: String, posterSize: String?) {
        self.job = job
        self.directory = directory
        self.posterSize = posterSize
        rejected = RejectedItemsFile(requests: job.requests, directory: directory)
    }

    func open(_ setup: Setup) throws(ExportError) {
        do throws(OutputError) {
            for request in job.requests {
                writers.append(
                    try ListTableWriter(
                        request: request, directory: directory, formats: job.formats,
                        genreNames: setup.genreNames[request.source.mediaType] ?? [:], posterSize: posterSize))
            }
        } catch {
            discard()
            throw .output(error)
        }
    }

    func write(_ rows: [ResolvedRow], request: Int) throws(ExportError) {
        do throws(OutputError) { try writers[request].write(rows) } catch { throw .output(error) }
    }

    /// Keeps the items a page of `job.requests[request]` rejected, for `rejected.ndjson`.
    func reject(_ items: [PageRows.Rejection], request: Int, page: Int) {
        rejected.add(items, request: request, page: page)
    }

    /// Renames every file into place.
    func finish() throws(ExportError) {
        do throws(OutputError) {
            for writer in writers { try writer.finish() }
            rejectedFile = try rejected.commit()
        } catch {
            throw .output(error)
        }
    }

    /// Removes unfinished temporary files.
    func discard() {
        for writer in writers { writer.discard() }
        rejected.discard()
    }
}
