/// The data files of a list job's run: one ``ListTableWriter`` per list request, opened once setup has said the
/// genre names (nothing is written before), written as the schedule hands out rows, committed at the end.
final class ListTables {
    private let job: Job
    private let directory: String
    private let posterSize: String?
    private(set) var writers: [ListTableWriter] = []

    init(job: Job, directory: String, posterSize: String?) {
        self.job = job
        self.directory = directory
        self.posterSize = posterSize
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

    /// Renames every file into place.
    func finish() throws(ExportError) {
        do throws(OutputError) {
            for writer in writers { try writer.finish() }
        } catch {
            throw .output(error)
        }
    }

    /// Removes unfinished temporary files.
    func discard() {
        writers.forEach { $0.discard() }
    }
}
