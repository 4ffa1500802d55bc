import Foundation

/// A job's published runs as monitoring reads them after a run: the snapshot `latest` points at, and the newest run
/// that finished complete. Read without the job's lock: a reader that races a publishing run sees the runs before or
/// after it, never half of one (runs are renamed into `runs/` whole, `latest` is switched by a rename).
package struct RunHistory: Sendable {
    package var layout: OutputLayout

    package init(layout: OutputLayout) {
        self.layout = layout
    }

    /// A published run's folder and manifest.
    package struct PublishedRun: Sendable {
        package var directory: String
        package var manifest: Manifest
    }

    /// The run `latest` points at; nil when there is none, it is not a run of `runs/`, or its manifest cannot be read.
    package func latest() -> PublishedRun? {
        guard let target = FileSystem.symlinkTarget(layout.latestLink) else { return nil }
        let runID = (target as NSString).lastPathComponent
        guard RunID.isRunID(runID) else { return nil }
        return run(runID)
    }

    /// The newest run of `runs/` whose manifest says `complete`; nil when no run finished complete.
    package func lastComplete() -> PublishedRun? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.runsDirectory)) ?? []
        for runID in names.filter(RunID.isRunID).sorted(by: >) {
            if let run = run(runID), run.manifest.status == .complete { return run }
        }
        return nil
    }

    private func run(_ runID: String) -> PublishedRun? {
        let directory = layout.runDirectory(runID)
        let path = (directory as NSString).appendingPathComponent("manifest.json")
        guard let data = try? ManifestFile.contents(at: path),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return nil }
        return PublishedRun(directory: directory, manifest: manifest)
    }
}
