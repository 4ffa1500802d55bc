import Foundation
import RunStore
import TMDBAPI

/// One list request's data files: `<slug>.csv|.ndjson` and, for `"details": true`, `<slug>_details.csv|.ndjson`.
/// Rows arrive in list order, resolved; each `id` is written once (the first, best rank wins).
final class ListTableWriter {
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

    /// What was written, for the manifest's request summary.
    struct Counts: Sendable {
        var rowsWritten = 0
        var duplicatesDropped = 0
        var detailsWritten = 0
        var detailsFailed = 0
        var posters = Manifest.PosterCounts()
        var files: [Manifest.DataFile] = []
    }

    private(set) var counts = Counts()
    private let request: Job.ListRequest
    private let genreNames: [Int: String]
    private let posterSize: String?
    private var seenIDs: Set<Int> = []
    private var data: DataFiles?
    private var detailsData: DataFiles?
    private var encoder: RecordEncoder
    private var detailsEncoder: RecordEncoder

    /// Opens the request's files under `directory` (under temporary names until ``finish()``).
    init(
        request: Job.ListRequest, directory: String, formats: [Job.OutputFormat], genreNames: [Int: String],
        posterSize: String?
    ) throws(OutputError) {
        self.request = request
        self.genreNames = genreNames
        self.posterSize = posterSize
        encoder = RecordEncoder(csv: formats.contains(.csv), json: formats.contains(.ndjson))
        detailsEncoder = encoder
        let base = (directory as NSString).appendingPathComponent(request.slug)
        let header = ListTable.list(of: request.source.mediaType).csvHeader
        data = try DataFiles(base: base, formats: formats, header: header)
        if request.details {
            do {
                detailsData = try DataFiles(
                    base: base + "_details", formats: formats, header: ListTable.details.csvHeader)
            } catch {
                data?.discard()
                throw error
            }
        }
    }

    /// Appends rows, next in list order.
    func write(_ rows: [ResolvedRow]) throws(OutputError) {
        encoder.reset()
        detailsEncoder.reset()
        var written = 0
        var detailsWritten = 0
        for row in rows {
            guard seenIDs.insert(row.entry.id).inserted else {
                counts.duplicatesDropped += 1
                continue
            }
            let file = posterFile(for: row.poster)
            switch row.entry {
            case .movie(let movie):
                MovieRow(
                    rank: row.rank, movie: movie, genres: movie.genreIDs.compactMap { genreNames[$0] }, posterFile: file
                )
                .encode(into: &encoder)
            case .tv(let show):
                TVRow(rank: row.rank, show: show, genres: show.genreIDs.compactMap { genreNames[$0] }, posterFile: file)
                    .encode(into: &encoder)
            }
            switch row.details {
            case .notAsked: break
            case .fetched(let found):
                DetailsRow(rank: row.rank, details: found).encode(into: &detailsEncoder)
                detailsWritten += 1
            case .failed:
                counts.detailsFailed += 1
            }
            written += 1
        }
        try data?.write(encoder, rows: written)
        try detailsData?.write(detailsEncoder, rows: detailsWritten)
        counts.rowsWritten += written
        counts.detailsWritten += detailsWritten
    }

    /// Counts the row's poster and gives its `poster_file` cell.
    private func posterFile(for poster: PosterOutcome) -> String? {
        counts.posters.count(poster)
        guard let name = poster.savedFile else { return nil }
        return posterSize.map { OutputLayout.posterRelativePath(size: $0, fileName: name) }
    }

    /// Renames the data files into place and records them in ``counts``.
    func finish() throws(OutputError) {
        counts.files = try (data?.commit() ?? []) + (detailsData?.commit() ?? [])
        data = nil
        detailsData = nil
    }

    /// Removes unfinished temporary files.
    func discard() {
        data?.discard()
        detailsData?.discard()
    }
}
