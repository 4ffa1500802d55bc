import Foundation
import JSON
import RunStore
import TMDBAPI

/// `rejected.ndjson`: one line per list item that could not be read, so that none is lost without a trace.
///
/// Each line: `list` (the request's data file base name), `endpoint`, `page`, `rank` (the row's rank had it been
/// read), `id` (null unless the item has one that reads as an integer), `field` (null when the item as a whole is
/// wrong), `reason`, and `raw`, the item's JSON text as received, as a string: numbers that no reader holds (`1e400`)
/// stay exact. Lines are in job order, then rank, whatever order pages arrived in. Written atomically when the run's
/// files are committed; no file when nothing was rejected.
final class RejectedItemsFile {
    /// The file name within the run folder.
    static let fileName = Job.rejectedItemsFile

    private struct Entry {
        var request: Int
        var page: Int
        var rejection: PageRows.Rejection
    }

    private let requests: [Job.ListRequest]
    private let path: String
    private var entries: [Entry] = []
    private var writer: AtomicFileWriter?

    init(requests: [Job.ListRequest], directory: String) {
        self.requests = requests
        path = (directory as NSString).appendingPathComponent(Self.fileName)
    }

    /// Keeps the rejected items of one page of `requests[request]` until ``commit()``.
    func add(_ rejections: [PageRows.Rejection], request: Int, page: Int) {
        entries += rejections.map { Entry(request: request, page: page, rejection: $0) }
    }

    /// Writes the file and renames it into place; nil, writing nothing, when nothing was rejected.
    func commit() throws(OutputError) -> Manifest.DataFile? {
        guard !entries.isEmpty else { return nil }
        let sorted = entries.sorted { ($0.request, $0.rejection.rank) < ($1.request, $1.rejection.rank) }
        var json = JSONWriter()
        for entry in sorted {
            let request = requests[entry.request]
            let item = entry.rejection.item
            json.beginObject()
            json.key("list")
            json.string(request.slug)
            json.key("endpoint")
            json.string(request.endpoint)
            json.key("page")
            json.integer(entry.page)
            json.key("rank")
            json.integer(entry.rejection.rank)
            json.key("id")
            if let id = item.id { json.integer(id) } else { json.null() }
            json.key("field")
            if let field = item.field { json.string(field) } else { json.null() }
            json.key("reason")
            json.string(item.reason)
            json.key("raw")
            if let raw = item.raw { json.string(raw) } else { json.null() }
            json.endObject()
            json.endLine()
        }
        let writer = try AtomicFileWriter(finalPath: path)
        self.writer = writer
        try writer.write(json.bytes)
        let digest = try writer.commit()
        self.writer = nil
        return Manifest.DataFile(
            path: Self.fileName, format: "ndjson", rows: sorted.count, bytes: writer.byteCount, sha256: digest)
    }

    /// Removes an unfinished temporary file.
    func discard() {
        writer?.discard()
        writer = nil
    }
}
