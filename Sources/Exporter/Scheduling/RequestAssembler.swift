import Foundation
import TMDBAPI

/// One request's reorder buffer and data files: pages arrive in any order and are written strictly in list order,
/// each once its posters (and details, when asked for) are resolved, with rows de-duplicated by `id` (the first,
/// best rank wins).
final class RequestAssembler {
    /// Something a buffered page waits for before it can be written.
    enum Dependency: Hashable, Sendable {
        case poster(String)
        case details(Int)
    }

    private enum BufferedPage {
        case rows([PendingRow], waitingFor: Set<Dependency>)
        case failed
    }

    /// A pair of data files (CSV and/or NDJSON) with the row count they hold.
    private struct DataFiles {
        var csv: AtomicFileWriter?
        var ndjson: AtomicFileWriter?
        var rows = 0

        init(base: String, formats: [Job.OutputFormat], header: [UInt8]) throws(OutputError) {
            if formats.contains(.csv) {
                csv = try AtomicFileWriter(finalPath: base + ".csv")
                try csv?.write(header)
            }
            if formats.contains(.ndjson) { ndjson = try AtomicFileWriter(finalPath: base + ".ndjson") }
        }

        mutating func write(_ encoder: RecordEncoder, rows added: Int) throws(OutputError) {
            try csv?.write(encoder.csv)
            try ndjson?.write(encoder.json)
            rows += added
        }

        func commit() throws(OutputError) -> [Manifest.DataFile] {
            var files: [Manifest.DataFile] = []
            for (writer, format) in [(csv, Job.OutputFormat.csv), (ndjson, .ndjson)] {
                guard let writer else { continue }
                let digest = try writer.commit()
                files.append(
                    Manifest.DataFile(
                        path: (writer.finalPath as NSString).lastPathComponent, format: format.rawValue, rows: rows,
                        bytes: writer.byteCount, sha256: digest))
            }
            return files
        }

        func discard() {
            csv?.discard()
            ndjson?.discard()
        }
    }

    let request: Job.ListRequest
    private(set) var summary: Manifest.RequestSummary
    /// Which pages have been sent and written.
    private(set) var cursor: PageCursor
    /// The first page of the selection.
    var firstPage: Int { cursor.firstPage }
    private var buffered: [Int: BufferedPage] = [:]
    private var seenIDs: Set<Int> = []
    private var data: DataFiles?
    private var detailsData: DataFiles?
    private let genreNames: [Int: String]
    private let posterSize: String?
    private let formats: [Job.OutputFormat]
    private var encoder: RecordEncoder
    private var detailsEncoder: RecordEncoder

    init(
        request: Job.ListRequest, directory: String, formats: [Job.OutputFormat], genreNames: [Int: String],
        posterSize: String?
    ) throws(OutputError) {
        self.request = request
        self.genreNames = genreNames
        self.posterSize = posterSize
        self.formats = formats
        summary = Manifest.RequestSummary(endpoint: request.endpoint, pages: request.pages.description)
        let cursor = PageCursor(request.pages)
        self.cursor = cursor
        // An `all` request plans its first page until that page tells the list's size.
        summary.pagesPlanned = cursor.lastPage.map { $0 - cursor.firstPage + 1 } ?? 1
        encoder = RecordEncoder(csv: formats.contains(.csv), json: formats.contains(.ndjson))
        detailsEncoder = encoder
        let base = (directory as NSString).appendingPathComponent(request.slug)
        let header = request.source.mediaType == .tv ? TVRow.csvHeader : MovieRow.csvHeader
        data = try DataFiles(base: base, formats: formats, header: header)
        if request.details {
            do {
                detailsData = try DataFiles(base: base + "_details", formats: formats, header: DetailsRow.csvHeader)
            } catch {
                data?.discard()
                throw error
            }
        }
    }

    /// Whether every page has been written.
    var isComplete: Bool { cursor.isComplete }

    /// Marks a page from ``PageCursor/next(in:window:)`` as handed out.
    func markDispatched(_ page: Int) {
        cursor.markDispatched(page)
    }

    /// Learns the list's size from its first page (for `all`); returns how many pages were added to the plan.
    func learnPageCount(lastServedPage: Int) -> Int {
        let last = request.pages.pages(lastServedPage: lastServedPage).upperBound
        guard cursor.learnLastPage(last) else { return 0 }
        summary.pagesPlanned = last - firstPage + 1
        return last - firstPage
    }

    /// Buffers a fetched page's rows; `waitingFor` holds the posters and details still being fetched.
    func accept(page: Int, rows: [PendingRow], skipped: Int, waitingFor: Set<Dependency>) {
        summary.pagesFetched += 1
        summary.itemsSkipped += skipped
        buffered[page] = .rows(rows, waitingFor: waitingFor)
    }

    /// Counts a page answered from a resumed run's cache instead of the network.
    func countCachedPage() {
        summary.pagesFromCache += 1
    }

    /// Records a page that could not be fetched; writing moves past it.
    func fail(page: Int) {
        summary.pagesFailed += 1
        buffered[page] = .failed
    }

    /// Tells buffered pages that a dependency is resolved.
    func resolved(_ dependency: Dependency) {
        for (page, entry) in buffered {
            if case .rows(let rows, var waiting) = entry, waiting.remove(dependency) != nil {
                buffered[page] = .rows(rows, waitingFor: waiting)
            }
        }
    }

    /// Writes every page that is next in order and ready.
    func flush(posters: [String: PosterOutcome], details: [Int: DetailsOutcome]) throws(OutputError) {
        while let entry = buffered[cursor.nextToWrite] {
            if case .rows(let rows, let waiting) = entry {
                guard waiting.isEmpty else { return }
                try write(rows, posters: posters, details: details)
            }
            buffered[cursor.nextToWrite] = nil
            cursor.markWritten()
        }
    }

    private func posterFile(for row: PendingRow, posters: [String: PosterOutcome]) -> String? {
        switch row.poster {
        case .disabled: return nil
        case .absent:
            summary.posters.absent += 1
            return nil
        case .unsafe:
            summary.posters.unsafePath += 1
            return nil
        case .file(let name):
            switch posters[name] {
            case .downloaded?: summary.posters.downloaded += 1
            case .alreadyPresent?: summary.posters.alreadyPresent += 1
            case .failed?, nil:
                summary.posters.failed += 1
                return nil
            }
            return posterSize.map { OutputLayout.posterRelativePath(size: $0, fileName: name) }
        }
    }

    private func write(_ rows: [PendingRow], posters: [String: PosterOutcome], details: [Int: DetailsOutcome])
        throws(OutputError)
    {
        encoder.reset()
        detailsEncoder.reset()
        var written = 0
        var detailsWritten = 0
        for row in rows {
            guard seenIDs.insert(row.entry.id).inserted else {
                summary.duplicatesDropped += 1
                continue
            }
            let file = posterFile(for: row, posters: posters)
            switch row.entry {
            case .movie(let movie):
                MovieRow(rank: row.rank, movie: movie, genres: movie.genreIDs.compactMap { genreNames[$0] }, posterFile: file)
                    .encode(into: &encoder)
                if request.details {
                    if case .fetched(let found)? = details[movie.id] {
                        DetailsRow(rank: row.rank, details: found).encode(into: &detailsEncoder)
                        detailsWritten += 1
                    } else {
                        summary.detailsFailed += 1
                    }
                }
            case .tv(let show):
                TVRow(rank: row.rank, show: show, genres: show.genreIDs.compactMap { genreNames[$0] }, posterFile: file)
                    .encode(into: &encoder)
            }
            written += 1
        }
        try data?.write(encoder, rows: written)
        try detailsData?.write(detailsEncoder, rows: detailsWritten)
        summary.rowsWritten += written
        summary.detailsWritten += detailsWritten
    }

    /// Renames the data files into place and records them in the summary.
    func finish() throws(OutputError) {
        summary.files = try (data?.commit() ?? []) + (detailsData?.commit() ?? [])
        data = nil
        detailsData = nil
    }

    /// Removes unfinished temporary files.
    func discard() {
        data?.discard()
        detailsData?.discard()
    }
}
