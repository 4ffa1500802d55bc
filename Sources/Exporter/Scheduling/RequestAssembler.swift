import Foundation
import TMDBAPI

/// One request's reorder buffer and data files: pages arrive in any order and are written strictly in list order,
/// each only once its posters are resolved, with rows de-duplicated by `id` (the first, best rank wins).
final class RequestAssembler {
    private enum BufferedPage {
        case rows([PendingRow], waitingFor: Set<String>)
        case failed
    }

    let request: Job.ListRequest
    private(set) var summary: Manifest.RequestSummary
    /// The first page of the selection.
    let firstPage: Int
    /// The last page, once known (at once for ranges, after page 1 for `all`).
    private(set) var lastPage: Int?
    /// The next page to hand to the scheduler.
    private(set) var nextToDispatch: Int
    /// The next page to write.
    private(set) var nextToWrite: Int
    private var buffered: [Int: BufferedPage] = [:]
    private var seenIDs: Set<Int> = []
    private var csv: AtomicFileWriter?
    private var ndjson: AtomicFileWriter?
    private let genreNames: [Int: String]
    private let posterSize: String?
    private var lineBuffer: [UInt8] = []

    init(
        request: Job.ListRequest, directory: String, formats: [Job.OutputFormat], genreNames: [Int: String],
        posterSize: String?
    ) throws(OutputError) {
        self.request = request
        self.genreNames = genreNames
        self.posterSize = posterSize
        summary = Manifest.RequestSummary(endpoint: request.list.rawValue, pages: request.pages.description)
        switch request.pages {
        case .range(let range):
            firstPage = range.lowerBound
            lastPage = range.upperBound
            summary.pagesPlanned = range.count
        case .all:
            firstPage = 1
            lastPage = nil
            summary.pagesPlanned = 1
        }
        nextToDispatch = firstPage
        nextToWrite = firstPage
        let base = (directory as NSString).appendingPathComponent(request.slug)
        if formats.contains(.csv) {
            csv = try AtomicFileWriter(finalPath: base + ".csv")
            try csv?.write(MovieRow.csvHeader)
        }
        if formats.contains(.ndjson) { ndjson = try AtomicFileWriter(finalPath: base + ".ndjson") }
    }

    /// Whether every page has been written.
    var isComplete: Bool { lastPage.map { nextToWrite > $0 } ?? false }

    /// The next page to fetch, if one is known and within `window` pages of the next page to write
    /// (so completed pages waiting for a slow earlier one cannot pile up without limit).
    func dispatchablePage(window: Int) -> Int? {
        guard let lastPage else { return nextToDispatch == firstPage ? firstPage : nil }
        guard nextToDispatch <= lastPage, nextToDispatch < nextToWrite + window else { return nil }
        return nextToDispatch
    }

    /// Marks the page returned by ``dispatchablePage(window:)`` as handed out.
    func markDispatched(_ page: Int) {
        nextToDispatch = max(nextToDispatch, page + 1)
    }

    /// Learns the list's size from its first page (for `all`); returns how many pages were added to the plan.
    func learnPageCount(from page: MoviePage) -> Int {
        guard lastPage == nil else { return 0 }
        let last = request.pages.pages(lastServedPage: page.lastServedPage).upperBound
        lastPage = last
        summary.pagesPlanned = last - firstPage + 1
        return last - firstPage
    }

    /// Buffers a fetched page's rows; `waitingFor` holds the posters still being fetched.
    func accept(page: Int, rows: [PendingRow], skipped: Int, waitingFor: Set<String>) {
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

    /// Tells buffered pages that a poster is resolved.
    func posterResolved(_ file: String) {
        for (page, entry) in buffered {
            if case .rows(let rows, var waiting) = entry, waiting.remove(file) != nil {
                buffered[page] = .rows(rows, waitingFor: waiting)
            }
        }
    }

    /// Writes every page that is next in order and ready. `outcomes` resolves poster files.
    func flush(outcomes: [String: PosterTracker.Outcome]) throws(OutputError) {
        while let entry = buffered[nextToWrite] {
            if case .rows(let rows, let waiting) = entry {
                guard waiting.isEmpty else { return }
                try write(rows, outcomes: outcomes)
            }
            buffered[nextToWrite] = nil
            nextToWrite += 1
        }
    }

    private func write(_ rows: [PendingRow], outcomes: [String: PosterTracker.Outcome]) throws(OutputError) {
        var csvBytes: [UInt8] = []
        var ndjsonBytes: [UInt8] = []
        for row in rows {
            guard seenIDs.insert(row.movie.id).inserted else {
                summary.duplicatesDropped += 1
                continue
            }
            var posterFile: String?
            switch row.poster {
            case .disabled: break
            case .absent: summary.posters.absent += 1
            case .unsafe: summary.posters.unsafePath += 1
            case .file(let name):
                switch outcomes[name] {
                case .downloaded?:
                    summary.posters.downloaded += 1
                    posterFile = posterSize.map { OutputLayout.posterRelativePath(size: $0, fileName: name) }
                case .alreadyPresent?:
                    summary.posters.alreadyPresent += 1
                    posterFile = posterSize.map { OutputLayout.posterRelativePath(size: $0, fileName: name) }
                case .failed?, nil:
                    summary.posters.failed += 1
                }
            }
            let output = MovieRow(
                rank: row.rank, movie: row.movie, genres: row.movie.genreIDs.compactMap { genreNames[$0] },
                posterFile: posterFile)
            if csv != nil { output.appendCSV(to: &csvBytes) }
            if ndjson != nil { output.appendNDJSON(to: &ndjsonBytes) }
            summary.rowsWritten += 1
        }
        try csv?.write(csvBytes)
        try ndjson?.write(ndjsonBytes)
    }

    /// Renames the data files into place and records them in the summary.
    func finish() throws(OutputError) {
        for (writer, format) in [(csv, Job.OutputFormat.csv), (ndjson, .ndjson)] {
            guard let writer else { continue }
            let digest = try writer.commit()
            summary.files.append(
                Manifest.DataFile(
                    path: (writer.finalPath as NSString).lastPathComponent, format: format.rawValue,
                    rows: summary.rowsWritten, bytes: writer.byteCount, sha256: digest))
        }
        csv = nil
        ndjson = nil
    }

    /// Removes unfinished temporary files.
    func discard() {
        csv?.discard()
        ndjson?.discard()
    }
}
