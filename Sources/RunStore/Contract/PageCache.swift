import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Fetched list pages kept in the staging run, exactly as the server sent them, so `--resume` can finish an
/// interrupted run without fetching them again. Removed when the run completes.
///
/// One append-only file per request, `staging/<run-id>/pages/<slug>.pages`, in the ``PageLogRecord`` format. Not a
/// file per page: creating, and at the end deleting, hundreds of small files per run cost more kernel time than the
/// rest of the run's writing (ext4 inode allocation; measured in `bench/analysis.md`), and slows the runs that
/// follow. Records are not synced: a page lost in a crash is simply fetched again.
package final class PageCache: Sendable {
    /// `staging/<run-id>/pages`
    package let directory: String

    private struct Log {
        var descriptor: Int32
        var path: String
        /// Where the next record goes: the end of the last valid one.
        var end: Int
        /// Where each page's body lies.
        var bodies: [Int: Range<Int>]
    }

    private let logs = Mutex<[String: Log]>([:])

    /// The cache of a staging run.
    package init(stagingRun: String) {
        directory = (stagingRun as NSString).appendingPathComponent("pages")
    }

    deinit {
        logs.withLock { logs in
            for log in logs.values { close(log.descriptor) }
        }
    }

    /// The file holding a request's pages.
    package func path(slug: String) -> String {
        (directory as NSString).appendingPathComponent("\(slug).pages")
    }

    /// Opens (creating them if needed) the files of the requests, and indexes the pages an earlier run stored. A
    /// damaged or cut-short record ends a file: it and anything after it are cut off, to be fetched again.
    package func prepare(slugs: [String]) throws(OutputError) {
        try FileSystem.createDirectory(directory)
        for slug in slugs {
            let path = path(slug: slug)
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw OutputError.fromErrno("open page cache", path: path) }
            let (records, validLength) = PageLogRecord.scan(FileManager.default.contents(atPath: path) ?? Data())
            guard ftruncate(descriptor, off_t(validLength)) == 0 else {
                let error = OutputError.fromErrno("truncate page cache", path: path)
                close(descriptor)
                throw error
            }
            var bodies: [Int: Range<Int>] = [:]
            for record in records { bodies[record.page] = record.body }
            let log = Log(descriptor: descriptor, path: path, end: validLength, bodies: bodies)
            let replaced = logs.withLock { logs in logs.updateValue(log, forKey: slug) }
            if let replaced { close(replaced.descriptor) }
        }
    }

    /// Appends a page body. A failed write leaves the file's end where it was, so the next record overwrites any
    /// partial bytes.
    package func store(_ body: Data, slug: String, page: Int) throws(OutputError) {
        let record = PageLogRecord.encode(page: page, body: body)
        try logs.withLock { logs throws(OutputError) in
            guard var log = logs[slug] else {
                throw OutputError(operation: "append to page cache", path: path(slug: slug), reason: "not prepared")
            }
            if let code = record.withUnsafeBytes({ DescriptorIO.writeAll(log.descriptor, $0, at: log.end) }) {
                throw OutputError.fromErrno("append to page cache", path: log.path, errno: code)
            }
            let bodyStart = log.end + record.count - body.count - 1
            log.bodies[page] = bodyStart..<(bodyStart + body.count)
            log.end += record.count
            logs[slug] = log
        }
    }

    /// The stored body of a page, if present. The caller decodes it; a body that does not decode is fetched again.
    package func load(slug: String, page: Int) -> Data? {
        logs.withLock { logs -> Data? in
            guard let log = logs[slug], let range = log.bodies[page] else { return nil }
            return DescriptorIO.read(log.descriptor, count: range.count, at: range.lowerBound)
        }
    }

    /// Closes the files and removes the cache.
    package func remove() throws(OutputError) {
        logs.withLock { logs in
            for log in logs.values { close(log.descriptor) }
            logs.removeAll()
        }
        try FileSystem.remove(directory)
    }
}
