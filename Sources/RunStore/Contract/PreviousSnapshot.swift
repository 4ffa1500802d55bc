import Foundation
import TMDBAPI

/// The job's last published snapshot, the run `latest` points at, as tonight's incremental run reads it: its
/// manifest, and its files by their names in that manifest.
package struct PreviousSnapshot: Sendable {
    package let runID: String
    /// `runs/<run-id>`, under the job's folder.
    package let directory: String
    package let manifest: Manifest

    /// The snapshot `latest` points at: nil when there is none yet (the job's first run). Read only with the job's
    /// lock held, so that no other run moves `latest` meanwhile.
    /// - Throws: the reason, in words, when `latest` exists but its manifest cannot be read or is over
    ///   ``ManifestFile/maximumBytes``.
    package static func latest(in job: LockedJob) throws(FullRunReason) -> PreviousSnapshot? {
        let layout = job.layout
        guard let target = FileSystem.symlinkTarget(layout.latestLink) else { return nil }
        let runID = (target as NSString).lastPathComponent
        guard RunID.isRunID(runID) else {
            throw FullRunReason("\(layout.latestLink) points at \(target), not a run of runs/")
        }
        let directory = layout.runDirectory(runID)
        let path = (directory as NSString).appendingPathComponent("manifest.json")
        let data: Data
        do throws(ManifestFile.Refusal) { data = try ManifestFile.contents(at: path) } catch {
            throw FullRunReason(error.description)
        }
        do {
            return PreviousSnapshot(
                runID: runID, directory: directory, manifest: try JSONDecoder().decode(Manifest.self, from: data))
        } catch {
            throw FullRunReason("\(path) is not a manifest this version reads (\(error))")
        }
    }

    /// The path of a file the manifest names (relative to the run's folder).
    package func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// The version of the contract the snapshot's catalogue was written under: the manifest's `snapshotVersion`, or
    /// for a manifest written before it was recorded, what its summary shows (freshness: 2; state files: 1; else 0).
    package func version(of summary: Manifest.CatalogueSummary) -> Int {
        if let version = manifest.snapshotVersion { return version }
        if summary.freshness != nil { return 2 }
        return summary.stateFiles != nil && summary.changesThrough != nil ? 1 : 0
    }

    /// The snapshot's catalogue of `type`, if it had one.
    package func catalogue(_ type: CatalogueType) -> Manifest.CatalogueSummary? {
        manifest.catalogue?.first { $0.type == type }
    }

    /// The ids of `type` whose details failed in that run: their rows are missing or carried (stale), so tonight
    /// fetches them. Read from its `failures.ndjson`, checked against the manifest, or from an older manifest's list.
    /// - Throws: why the failures cannot be read, when `failures.ndjson` is missing or differs.
    package func failedIDs(_ type: CatalogueType) throws(FullRunReason) -> [UInt32] {
        do throws(OutputError) { return try manifest.allFailures(in: directory).failedIDs(type) } catch {
            throw FullRunReason("\(error)")
        }
    }

    /// Checks that the manifest lists exactly `files`, the files the job's snapshot holds, then each of them that
    /// is read again (the tables, the state, the kept export files, and the delta when `delta`) against the size and
    /// SHA-256 the manifest gives it, one file per core at a time. Every file is opened under the name `files`
    /// makes, none under a name the manifest gives.
    /// - Throws: what the manifest lists that it should not (or leaves out), or the first file that is missing or
    ///   differs.
    package func verify(
        _ summary: Manifest.CatalogueSummary, files: SnapshotFiles, delta: Bool = false
    ) async throws(FullRunReason) {
        if let mismatch = files.mismatch(with: summary, incremental: delta) {
            throw FullRunReason("runs/\(runID)/manifest.json \(mismatch)")
        }
        var recorded: [String: Manifest.DataFile] = [:]
        for file in summary.files + (summary.stateFiles ?? []) + (summary.keptExportFiles ?? [])
            + (delta ? summary.deltaFiles ?? [] : [])
        {
            recorded[file.path] = file
        }
        let names =
            files.published + files.state + files.exports.map(SnapshotLayout.exportFile) + (delta ? files.delta : [])
        // Every name is in `recorded`: the lists match `files`.
        try await check(names.map { (name: $0, expected: recorded[$0]!) })
    }

    /// Checks each file, opened under `name` in the snapshot's folder, against the size and SHA-256 the manifest
    /// gives it, one file per core at a time.
    /// - Throws: the first file that is missing or differs.
    package func check(_ files: [(name: String, expected: Manifest.DataFile)]) async throws(FullRunReason) {
        let checks = files.map { (path: path($0.name), expected: $0.expected) }
        let problems: [String?]
        do throws(OutputError) {
            problems = try await BlockingFiles.map(
                checks, size: { $0.expected.bytes },
                work: { file throws(OutputError) -> String? in
                    let found: (bytes: Int, sha256: String)
                    do throws(OutputError) { found = try FileDigest.sha256(of: file.path) } catch {
                        return "\(file.path) cannot be read (\(error.reason))"
                    }
                    guard found.bytes == file.expected.bytes, found.sha256 == file.expected.sha256 else {
                        return "\(file.path) does not match its SHA-256 in the manifest"
                    }
                    return nil
                })
        } catch {
            throw FullRunReason("\(error)")
        }
        if let problem = problems.compactMap({ $0 }).first { throw FullRunReason(problem) }
    }
}

/// Why a catalogue is fetched whole tonight instead of incrementally, in one line.
package struct FullRunReason: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}
