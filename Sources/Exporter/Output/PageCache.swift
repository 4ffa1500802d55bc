import Foundation

/// Fetched list pages kept in the staging run, `staging/<run-id>/pages/<slug>/<page>.json`, exactly as the server
/// sent them, so `--resume` can finish an interrupted run without fetching them again. Removed when the run
/// completes.
public struct PageCache: Sendable {
    /// `staging/<run-id>/pages`
    public let directory: String

    /// The cache of a staging run.
    public init(stagingRun: String) {
        directory = (stagingRun as NSString).appendingPathComponent("pages")
    }

    private func path(slug: String, page: Int) -> String {
        ((directory as NSString).appendingPathComponent(slug) as NSString).appendingPathComponent("\(page).json")
    }

    /// Creates the folders for the requests.
    public func prepare(slugs: [String]) throws(OutputError) {
        for slug in slugs { try FileSystem.createDirectory((directory as NSString).appendingPathComponent(slug)) }
    }

    /// Stores a page body (atomically; without fsync, since a lost page is simply fetched again).
    public func store(_ body: Data, slug: String, page: Int) throws(OutputError) {
        try AtomicFileWriter.write(body, to: path(slug: slug, page: page), sync: false)
    }

    /// The cached body of a page, if present. The caller decodes it; a damaged file is simply fetched again.
    public func load(slug: String, page: Int) -> Data? {
        FileManager.default.contents(atPath: path(slug: slug, page: page))
    }

    /// Removes the cache.
    public func remove() throws(OutputError) {
        try FileSystem.remove(directory)
    }
}
