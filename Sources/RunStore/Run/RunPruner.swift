import Foundation

/// `--keep N`: after a successful run, removes runs older than the newest N complete ones. The run `latest`
/// points at is never removed, and neither is anything newer than the oldest run kept.
package struct RunPruner: Sendable {
    /// The job's layout.
    package var layout: OutputLayout

    /// Prunes and returns the run ids removed.
    package func prune(keeping count: Int) throws(OutputError) -> [String] {
        guard count >= 1 else { return [] }
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: layout.runsDirectory)) ?? [])
            .filter { !AtomicFileWriter.isTemporaryName($0) }.sorted()
        let complete = ids.filter { status(of: $0) == .complete }
        guard complete.count > count else { return [] }
        let oldestKept = complete[complete.count - count]
        let latest = FileSystem.symlinkTarget(layout.latestLink).map { ($0 as NSString).lastPathComponent }
        var removed: [String] = []
        for id in ids where id < oldestKept && id != latest {
            try FileSystem.remove(layout.runDirectory(id))
            removed.append(id)
        }
        return removed
    }

    /// Only the status is read: a manifest written by an earlier version, without the counts added since, counts.
    /// A manifest over ``ManifestFile/maximumBytes`` is not read, and has no status.
    private func status(of runID: String) -> Manifest.Status? {
        struct Status: Decodable { var status: Manifest.Status }
        let path = (layout.runDirectory(runID) as NSString).appendingPathComponent("manifest.json")
        guard let data = try? ManifestFile.contents(at: path) else { return nil }
        return (try? JSONDecoder().decode(Status.self, from: data))?.status
    }
}
