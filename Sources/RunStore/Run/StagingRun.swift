import Foundation

/// One run's folder under `staging/`, from the job's lock to publishing or abandoning it.
///
/// Opening needs the job's lock (``LockedJob``), taken before anything under the job's folder is read, then picks
/// the run: the newest unfinished run with the same resume key when resuming, else a new one. It clears temporary
/// files a killed process left, prepares the page cache and writes the resume key. Publishing renames the run into `runs/` and
/// moves `latest`; abandoning leaves it for `--resume`, or removes it when nothing in it is worth keeping.
package final class StagingRun {
    package let layout: OutputLayout
    package let runID: String
    /// `staging/<run-id>`
    package let directory: String
    /// Whether this run continues an unfinished one.
    package let resumed: Bool
    /// Fetched pages, kept for `--resume`.
    package let pageCache: PageCache
    /// The job, locked for as long as the run is open.
    private let job: LockedJob
    /// The file in a staging run's folder that holds its resume key.
    private static let resumeKeyFile = "resume-key"
    private var resumeKeyPath: String { (directory as NSString).appendingPathComponent(Self.resumeKeyFile) }
    private var manifestPath: String { (directory as NSString).appendingPathComponent("manifest.json") }

    /// Opens the staging run of a locked job.
    /// - Parameters:
    ///   - resumeKey: what must match for a later `--resume` to reuse this run's pages.
    ///   - resume: continue the newest unfinished run with the same key, if there is one.
    ///   - slugs: the requests whose pages the cache keeps.
    ///   - posterStore: the job's poster folder, created here, when posters are on.
    /// - Throws: ``StoreError/output(_:)``.
    package init(
        _ job: LockedJob, resumeKey: String, resume: Bool, slugs: [String], posterStore: PosterStore?, started: Date
    ) throws(StoreError) {
        self.job = job
        let layout = job.layout
        self.layout = layout
        let unfinished = resume ? Self.unfinishedRun(layout: layout, resumeKey: resumeKey) : nil
        runID = unfinished ?? RunID.unique(for: started, notIn: [layout.runsDirectory, layout.stagingDirectory])
        resumed = unfinished != nil
        directory = layout.stagingRunDirectory(runID)
        pageCache = PageCache(stagingRun: directory)
        do throws(OutputError) {
            try FileSystem.createDirectory(directory)
            try FileSystem.createDirectory(layout.runsDirectory)
            try posterStore?.prepare()
            // A process killed mid-write leaves temporary files; nothing reads them, so clear them out.
            for folder in [directory, layout.jobDirectory, layout.runsDirectory]
                + (posterStore.map { [$0.directory] } ?? [])
            {
                AtomicFileWriter.removeLeftovers(in: folder)
            }
            try pageCache.prepare(slugs: slugs)
            try AtomicFileWriter.write(Data(resumeKey.utf8), to: resumeKeyPath, sync: false)
        } catch {
            throw .output(error)
        }
    }

    /// The newest staging run of this job with a matching resume key, if any.
    private static func unfinishedRun(layout: OutputLayout, resumeKey: String) -> String? {
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: layout.stagingDirectory)) ?? [])
            .filter { !AtomicFileWriter.isTemporaryName($0) }.sorted(by: >)
        return ids.first { id in
            let path = (layout.stagingRunDirectory(id) as NSString).appendingPathComponent(resumeKeyFile)
            return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } == resumeKey
        }
    }

    /// Removes the unfinished runs under `staging/` whose resume key `matches`, and returns their ids: what a process
    /// killed before it could clean up left (a merge's staging run is worth nothing to anyone once it stopped). The
    /// job's lock is held, so no process is writing any of them; a folder whose key does not match, such as an
    /// `export`'s kept for `--resume`, or that is not a plain folder (a symbolic link), is left alone and not read.
    package static func removeUnfinished(of job: LockedJob, where matches: (String) -> Bool) throws(StoreError)
        -> [String]
    {
        let layout = job.layout
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: layout.stagingDirectory)) ?? [])
            .filter { !AtomicFileWriter.isTemporaryName($0) }.sorted()
        var removed: [String] = []
        for id in ids {
            let directory = layout.stagingRunDirectory(id)
            let type = (try? FileManager.default.attributesOfItem(atPath: directory))?[.type] as? FileAttributeType
            guard type == .typeDirectory else { continue }
            let keyPath = (directory as NSString).appendingPathComponent(resumeKeyFile)
            guard let key = FileManager.default.contents(atPath: keyPath), matches(String(decoding: key, as: UTF8.self))
            else { continue }
            do throws(OutputError) { try FileSystem.remove(directory) } catch { throw .output(error) }
            removed.append(id)
        }
        return removed
    }

    /// Completes the run: drops the page cache, writes the manifest, renames the run into `runs/` and, when
    /// `asLatest`, points `latest` at it and prunes old runs down to `keep`.
    /// - Returns: the run's folder under `runs/` and the runs pruned.
    package func publish(_ manifest: Manifest, asLatest: Bool, keep: Int?) throws(StoreError) -> (
        String, pruned: [String]
    ) {
        let runDirectory = layout.runDirectory(runID)
        var pruned: [String] = []
        do throws(OutputError) {
            try pageCache.remove()
            try FileSystem.remove(resumeKeyPath)
            try AtomicFileWriter.write(try Self.encode(manifest), to: manifestPath)
            try FileSystem.rename(directory, to: runDirectory)
            if asLatest {
                try FileSystem.replaceSymlink(layout.latestLink, target: "runs/\(runID)")
                if let keep { pruned = try RunPruner(layout: layout).prune(keeping: keep) }
            }
        } catch {
            throw .output(error)
        }
        return (runDirectory, pruned)
    }

    /// Leaves the run unfinished, for `--resume`, with a manifest that says why it stopped. Best effort: the error
    /// that stopped the run is what matters.
    package func abandon(_ manifest: Manifest) {
        if let data = try? Self.encode(manifest) { try? AtomicFileWriter.write(data, to: manifestPath) }
    }

    /// Removes the run when it stopped before it was worth resuming (setup failed): a new run is removed with
    /// whatever it fetched, and so is the job's folder if this run made it. A resumed run keeps its pages.
    package func discard() {
        guard !resumed else { return }
        try? FileManager.default.removeItem(atPath: job.madeJobDirectory ? layout.jobDirectory : directory)
    }

    private static func encode(_ manifest: Manifest) throws(OutputError) -> Data {
        do { return try manifest.encoded() } catch {
            throw OutputError(operation: "encode", path: "manifest.json", reason: "\(error)")
        }
    }
}
