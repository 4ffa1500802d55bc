import Foundation
import HTTPClient
import RunReport
import RunStore
import TMDBAPI

/// `tmdb-export merge`: the N shard snapshots of one job and night (each shard's `latest`) interleaved into one
/// snapshot of the whole job, published as any run is: byte-identical to what one run over every id would have
/// written, since each table is in id order and each id is in one shard.
///
/// Refuses, naming the shard, when a shard has no complete snapshot, holds another part or another job, was made
/// from another export day, with other sub-resources or filters, or fails its SHA-256s; nothing is published then.
///
/// A merge stopped by ``stop`` removes its staging run; one killed outright leaves it, and the next merge of the job
/// removes it before it starts (``MergeEvent/removedLeftovers(_:)``). `latest` and the published runs are never
/// touched by a merge that does not publish.
public struct ShardMerge: Sendable {
    public var job: Job
    public var outputRoot: String
    /// How many shards the job was split into.
    public var count: Int
    /// After publishing, keep only this many complete runs; nil keeps all.
    public var keep: Int?
    public var toolVersion: String
    /// Set (by a signal) to stop the merge between shards, between files and every few thousand ids within a file:
    /// it removes its staging run and publishes nothing.
    public var stop: StopRequest
    /// Told what the merge removed before it started, and of each file it merged.
    public var onEvent: @Sendable (MergeEvent) -> Void

    /// What a merge's staging run holds as its resume key, and nothing else does: an `export`'s key starts
    /// otherwise, so a later merge removes only merges' leftovers.
    static let resumeKeyPrefix = "merge of "

    public init(
        job: Job, outputRoot: String, count: Int, keep: Int? = nil, toolVersion: String = "unknown",
        stop: StopRequest = StopRequest(), onEvent: @escaping @Sendable (MergeEvent) -> Void = { _ in }
    ) {
        self.job = job
        self.outputRoot = outputRoot
        self.count = count
        self.keep = keep
        self.toolVersion = toolVersion
        self.stop = stop
        self.onEvent = onEvent
    }

    /// Why the merge refused, one line per shard at fault.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var problems: [String]
        public var description: String {
            "the shards cannot be merged, nothing was published:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        }
    }

    /// Why the merge stopped: it refused the shards, it could not write the merged run, or it was asked to stop.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case refused(Refusal)
        /// The job's folder is locked by another run, or writing failed: nothing was published.
        case stopped(ExportError)
        /// ``ShardMerge/stop`` was requested: nothing was published, and the staging run it had begun
        /// (`staging/<id>`, if any) was removed.
        case interrupted(staging: String?)

        public var description: String {
            switch self {
            case .refused(let refusal): refusal.description
            case .stopped(let error): error.description
            case .interrupted(let staging):
                "merge interrupted: nothing published" + (staging.map { ", \($0) removed" } ?? "")
            }
        }
    }

    /// Checks, merges and publishes. Every shard's lock is held from before its `latest` is read until the merged
    /// run is published, so no shard's night moves or prunes a snapshot being merged.
    /// - Throws: ``Failure/refused(_:)`` when a shard is missing, locked by a run in progress or does not fit;
    ///   ``Failure/stopped(_:)`` when writing fails or the job is locked; ``Failure/interrupted(staging:)`` when
    ///   ``stop`` was requested before publishing began.
    public func run() async throws(Failure) -> ExportReport {
        let started = Date()
        let layout = OutputLayout(root: outputRoot, jobName: job.name)
        // The merged job's lock first: no other merge of the job runs, so what merges left in staging/ is garbage.
        let merged: LockedJob
        do throws(StoreError) {
            merged = try LockedJob(layout)
            let removed = try StagingRun.removeUnfinished(of: merged) { $0.hasPrefix(Self.resumeKeyPrefix) }
            if !removed.isEmpty { onEvent(.removedLeftovers(removed.map { "staging/\($0)" })) }
        } catch {
            throw .stopped(ExportError(error))
        }
        let (shards, locks): ([PreviousSnapshot], [LockedJob])
        do throws(Failure) { (shards, locks) = try await checkedShards() } catch {
            // A job folder this merge made holds nothing but the lock file.
            if merged.madeJobDirectory { try? FileManager.default.removeItem(atPath: layout.jobDirectory) }
            throw error
        }
        defer { withExtendedLifetime(locks) {} }
        let staging: StagingRun
        do throws(StoreError) {
            staging = try StagingRun(
                merged, resumeKey: "\(Self.resumeKeyPrefix)\(count) shards\n", resume: false, slugs: [],
                posterStore: nil, started: started)
        } catch {
            throw .stopped(ExportError(error))
        }
        let stagingName = "staging/\(staging.runID)"
        var manifest: Manifest
        do throws(OutputError) {
            manifest = try await mergedManifest(shards, into: staging, started: started)
            // Described like any run: the data package, the load script and the report.
            try RunDescription.write(manifest, lists: job.describedLists, into: staging.directory, published: true)
            manifest.reportFile = try ReportFile.write(
                manifest, runDirectory: staging.directory, jobDirectory: layout.jobDirectory)
        } catch {
            staging.discard()
            // Files not merged after a stop fail on purpose: the stop is the reason.
            throw stop.isRequested ? .interrupted(staging: stagingName) : .stopped(.output(error))
        }
        // The last moment to stop: publishing is a few renames that run to their end.
        guard !stop.isRequested else {
            staging.discard()
            throw .interrupted(staging: stagingName)
        }
        let (directory, pruned): (String, pruned: [String])
        do throws(StoreError) {
            (directory, pruned) = try staging.publish(manifest, asLatest: true, keep: keep)
        } catch {
            staging.discard()
            throw .stopped(ExportError(error))
        }
        return ExportReport(
            manifest: manifest, runDirectory: directory, publishedAsLatest: true, jobDirectory: layout.jobDirectory,
            prunedRuns: pruned)
    }

    /// Every catalogue merged into the staging run, and the manifest that says so.
    private func mergedManifest(_ shards: [PreviousSnapshot], into staging: StagingRun, started: Date)
        async throws(OutputError) -> Manifest
    {
        var summaries: [Manifest.CatalogueSummary] = []
        for (index, request) in job.catalogue.enumerated() {
            summaries.append(
                try await merge(request, parts: shards.map { ($0, $0.manifest.catalogue![index]) }, into: staging))
        }
        let first = shards[0].manifest
        var record = RunRecord(
            job: job.name, runID: staging.runID, resumed: false, started: started, toolVersion: toolVersion,
            apiBaseURL: first.apiBaseURL, language: first.language, region: first.region,
            posterSize: first.posterSize, concurrency: first.concurrency)
        record.imageBaseURL = first.imageBaseURL
        for shard in shards {
            record.add(
                api: ClientMetrics.Snapshot(
                    requests: shard.manifest.apiRequests, retries: shard.manifest.apiRetries,
                    throttled: shard.manifest.throttled),
                images: ClientMetrics.Snapshot(
                    requests: shard.manifest.posterRequests, retries: shard.manifest.posterRetries))
        }
        record.add(catalogue: summaries)
        // A complete shard's failed ids were within its catalogue's maxFailedPercent: carried, and named again here
        // so that the next night of each shard asks for them again.
        for shard in shards { record.add(carried: try shard.manifest.allFailures(in: shard.directory)) }
        record.failuresFile = try FailuresFile.write(record.failures, into: staging.directory)
        if let dimensions = first.dimensions {
            for file in dimensions.flatMap(\.files) {
                try Self.place(shards[0].path(file.path), into: staging, file.path)
            }
            record.add(dimensions: dimensions)
        }
        if let providers = first.watchProviders {
            for file in providers.files { try Self.place(shards[0].path(file.path), into: staging, file.path) }
            record.watchProviders = providers
        }
        if job.history {
            // The shards' night (the latest of their days); a merged night whose catalogues ran in full is applied
            // with its load script, which catches a database up from the night it holds.
            let days = shards.compactMap { $0.manifest.history?.day }
            let day = days.max() ?? ExportDay(nightOf: staging.runID, started: started).description
            record.history = Manifest.HistoryNight(day: day)
        }
        record.mergedFrom = shards.enumerated().map { index, shard in
            "\(Shard(index: index, count: count)!.folder)/runs/\(shard.runID)"
        }
        return record.manifest(status: .complete)
    }

    /// Every shard's latest snapshot, once all of them are there and agree with the job and each other, with the
    /// shards' locks, held for as long as the caller keeps them.
    private func checkedShards() async throws(Failure) -> ([PreviousSnapshot], [LockedJob]) {
        var problems: [String] = []
        var shards: [PreviousSnapshot?] = []
        var locks: [LockedJob] = []
        for index in 0..<count {
            guard !stop.isRequested else { throw .interrupted(staging: nil) }
            let shard = Shard(index: index, count: count)!
            let layout = OutputLayout(root: outputRoot, jobName: job.name, shard: shard)
            let name = "shard \(shard) (\(layout.jobDirectory))"
            guard FileManager.default.fileExists(atPath: layout.jobDirectory) else {
                problems.append("\(name): no complete run")
                shards.append(nil)
                continue
            }
            let locked: LockedJob
            do throws(StoreError) { locked = try LockedJob(layout) } catch {
                problems.append("\(name): \(error), a run of the shard is in progress")
                shards.append(nil)
                continue
            }
            locks.append(locked)
            let snapshot: PreviousSnapshot?
            do { snapshot = try PreviousSnapshot.latest(in: locked) } catch {
                problems.append("\(name): \(error)")
                shards.append(nil)
                continue
            }
            guard let snapshot else {
                let unfinished = (try? FileManager.default.contentsOfDirectory(atPath: layout.stagingDirectory)) ?? []
                problems.append(
                    "\(name): no complete run"
                        + (unfinished.isEmpty ? "" : " (an unfinished one is in staging/\(unfinished.sorted().last!))"))
                shards.append(nil)
                continue
            }
            if let problem = mismatch(snapshot, shard: shard) {
                problems.append("\(name): runs/\(snapshot.runID) \(problem)")
            } else {
                for (summary, request) in zip(snapshot.manifest.catalogue ?? [], job.catalogue) {
                    do throws(FullRunReason) {
                        _ = try await snapshot.verified(
                            summary, as: request, formats: job.formats, delta: summary.incremental != nil)
                    } catch {
                        problems.append("\(name): \(error)")
                    }
                }
                for summary in snapshot.manifest.dimensions ?? [] {
                    do throws(FullRunReason) { try await snapshot.verify(summary, formats: job.formats) } catch {
                        problems.append("\(name): \(error)")
                    }
                }
                if let providers = snapshot.manifest.watchProviders {
                    do throws(FullRunReason) { try await snapshot.verify(providers, formats: job.formats) } catch {
                        problems.append("\(name): \(error)")
                    }
                }
            }
            shards.append(snapshot)
        }
        let found = shards.compactMap { $0 }
        if found.count == count, let first = found.first?.manifest.catalogue {
            for (index, shard) in found.enumerated().dropFirst() {
                let days = zip(first, shard.manifest.catalogue ?? []).filter { $0.exportDate != $1.exportDate }
                if let (a, b) = days.first {
                    problems.append(
                        "shard \(index)/\(count): runs/\(shard.runID) read the \(a.type) export of \(b.exportDate), "
                            + "shard 0/\(count) that of \(a.exportDate)")
                }
            }
        }
        if found.count == count, let first = found.first {
            for (index, shard) in found.enumerated().dropFirst() {
                if let problem = Self.dimensionsDiffer(shard, from: first) {
                    problems.append("shard \(index)/\(count): runs/\(shard.runID) \(problem) than shard 0/\(count)")
                }
            }
        }
        guard problems.isEmpty else { throw .refused(Refusal(problems: problems)) }
        return (found, locks)
    }

    /// Every shard writes the job's dimension tables whole, from the same export: the merge takes shard 0's, so the
    /// others' must be the same files. What differs, if anything.
    private static func dimensionsDiffer(_ shard: PreviousSnapshot, from first: PreviousSnapshot) -> String? {
        for (mine, theirs) in zip(shard.manifest.dimensions ?? [], first.manifest.dimensions ?? []) {
            if mine.exportDate != theirs.exportDate {
                return "read the \(mine.type) export of \(mine.exportDate), \(theirs.exportDate) in shard 0; "
                    + "rerun it to read the same day"
            }
            if let file = mine.files.first(where: { file in !theirs.files.contains(file) }) {
                return "wrote another \(file.path)"
            }
        }
        // The provider lists are read on each shard's night: TMDB may have added a service in between.
        let (mine, theirs) = (shard.manifest.watchProviders?.files ?? [], first.manifest.watchProviders?.files ?? [])
        if let file = mine.first(where: { file in !theirs.contains(file) }) {
            return "wrote another \(file.path) (rerun the shards the same day)"
        }
        return nil
    }

    /// What makes a shard's snapshot not a part of this job, if anything.
    private func mismatch(_ snapshot: PreviousSnapshot, shard: Shard) -> String? {
        let manifest = snapshot.manifest
        guard manifest.status == .complete else {
            return "is \(manifest.status.rawValue) (\(manifest.failuresTotal) failures): rerun the shard"
        }
        guard manifest.job == job.name else { return "is of job \(manifest.job), not \(job.name)" }
        guard manifest.shard == shard.description else { return "holds shard \(manifest.shard ?? "none")" }
        guard manifest.language == job.language else { return "is in \(manifest.language), not \(job.language)" }
        let dimensions = (manifest.dimensions ?? []).map(\.type)
        guard dimensions == job.dimensions.map(\.type) else {
            return "has dimension tables \(dimensions.map(\.rawValue)), the job \(job.dimensions.map(\.type.rawValue))"
        }
        if (manifest.watchProviders != nil) != WatchProviderRun.isNeeded(by: job) {
            return manifest.watchProviders == nil
                ? "has no watch_providers table, which the job's watch/providers append needs"
                : "has a watch_providers table, while no catalogue of the job appends watch/providers"
        }
        let catalogue = manifest.catalogue ?? []
        guard catalogue.map(\.type) == job.catalogue.map(\.type) else {
            return "has catalogues \(catalogue.map(\.type)), the job \(job.catalogue.map(\.type.rawValue))"
        }
        return Self.refusedSetting(of: manifest, for: job)
    }

    /// The first setting of a catalogue in which a shard's run differs from the job and that the merge refuses, if
    /// any, as the refusal says it.
    static func refusedSetting(of manifest: Manifest, for job: Job) -> String? {
        for (summary, request) in zip(manifest.catalogue ?? [], job.catalogue) {
            let differences = CatalogueSettings(request, in: job).differences(
                from: CatalogueSettings(summary, of: manifest))
            for difference in differences {
                if let refusal = difference.setting.refusesMerge { return refusal("\(summary.type)", difference) }
            }
        }
        return nil
    }

    /// A file every shard holds the same, hard-linked (or copied) from `source` into the staging run as `name`.
    private static func place(_ source: String, into staging: StagingRun, _ name: String) throws(OutputError) {
        let target = (staging.directory as NSString).appendingPathComponent(name)
        if link(source, target) != 0 {
            do { try FileManager.default.copyItem(atPath: source, toPath: target) } catch {
                throw OutputError(operation: "copy", path: source, reason: FileSystem.reason(error))
            }
        }
    }

    /// One catalogue: every table, state and (when every shard built on a previous night) delta file interleaved.
    private func merge(
        _ request: Job.CatalogueRequest, parts: [(PreviousSnapshot, Manifest.CatalogueSummary)],
        into staging: StagingRun
    ) async throws(OutputError) -> Manifest.CatalogueSummary {
        let directory = staging.directory
        for folder in [SnapshotLayout.exportFolder, SnapshotLayout.stateFolder, SnapshotLayout.deltaFolder] {
            try FileSystem.createDirectory((directory as NSString).appendingPathComponent(folder))
        }
        var (_, summary) = parts[0]
        // Every shard's manifest lists exactly these files (checked with their SHA-256s before the merge).
        let files: SnapshotFiles
        do throws(SnapshotFiles.Mismatch) {
            files = try SnapshotFiles(request, formats: job.formats, exportDate: summary.exportDate)
        } catch {
            throw OutputError(operation: "merge", path: parts[0].0.directory, reason: error.description)
        }
        // The export files every shard read whole: the next night built on this snapshot reads them again.
        for name in files.exports.map(SnapshotLayout.exportFile) {
            try Self.place(parts[0].0.path(name), into: staging, name)
        }
        let incremental = parts.allSatisfy { $0.1.incremental != nil }
        let tables = CatalogueTable.tables(for: request.type, appending: Set(request.append))
        let derivedTables = tables.filter { $0.derivation != nil }
        let derived = Set(derivedTables.flatMap { table in job.formats.map { SnapshotLayout.file(table, $0) } })
        let names = (files.published + files.state + (incremental ? files.delta : [])).filter { !derived.contains($0) }
        let sizes = Dictionary(parts[0].1.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: max)
        let (stop, onEvent, stagingName) = (stop, onEvent, "staging/\(staging.runID)")
        let merged = try await BlockingFiles.map(
            names, size: { name in sizes[name] ?? 0 },
            work: { name throws(OutputError) -> Manifest.DataFile in
                guard !stop.isRequested else {
                    throw OutputError(operation: "merge", path: name, reason: "the merge was asked to stop")
                }
                let result = try TableMerge.interleaveFiles(
                    parts.map { $0.0.path(name) }, into: (directory as NSString).appendingPathComponent(name),
                    format: SnapshotRecordFormat(fileName: name), isStopped: { stop.isRequested })
                onEvent(.merged(file: name, staging: stagingName))
                return Manifest.DataFile(
                    path: name, format: name.hasSuffix(".csv") ? "csv" : "ndjson", rows: result.rows,
                    bytes: result.bytes, sha256: result.sha256)
            })
        var byName = Dictionary(uniqueKeysWithValues: merged.map { ($0.path, $0) })
        for table in derivedTables {
            for format in job.formats {
                if let file = try SortedCollections.derive(table, format, in: directory) { byName[file.path] = file }
            }
        }
        summary.files = files.published.map { byName[$0]! }
        summary.stateFiles = files.state.map { byName[$0]! }
        summary.deltaFiles = incremental ? files.delta.map { byName[$0]! } : nil
        func total(_ count: (Manifest.CatalogueSummary) -> Int?) -> Int { parts.reduce(0) { $0 + (count($1.1) ?? 0) } }
        summary.idsPlanned = total(\.idsPlanned)
        summary.idsFetched = total(\.idsFetched)
        summary.idsRemoved = total(\.idsRemoved)
        summary.idsFailed = total(\.idsFailed)
        summary.idsCarried = parts.allSatisfy { $0.1.idsCarried != nil } ? total(\.idsCarried) : nil
        summary.idsLeftOut = parts.allSatisfy { $0.1.idsLeftOut != nil } ? total(\.idsLeftOut) : nil
        summary.idsAsked = parts.allSatisfy { $0.1.idsAsked != nil } ? total(\.idsAsked) : nil
        summary.idsInSnapshot = total(\.idsInSnapshot)
        summary.changesThrough = parts.compactMap(\.1.changesThrough).min()
        // Every shard reads the same feeds: a day cut is cut for the catalogue if any shard's read was.
        let daysCut = Set(parts.flatMap { $0.1.changeFeedDaysCut ?? [] }).sorted()
        summary.changeFeedDaysCut = daysCut.isEmpty ? nil : daysCut
        let repairs = parts.compactMap(\.1.valueRepairs)
        summary.valueRepairs = repairs.isEmpty ? nil : repairs.reduce(into: Manifest.ValueRepairs()) { $0.add($1) }
        if incremental, var night = summary.incremental {
            let nights = parts.compactMap(\.1.incremental)
            func sum(_ count: (Manifest.IncrementalSummary) -> Int) -> Int { nights.reduce(0) { $0 + count($1) } }
            night.basedOnRun = nights.map(\.basedOnRun).joined(separator: ",")
            night.idsInChangeFeed = sum(\.idsInChangeFeed)
            night.idsAdded = sum(\.idsAdded)
            night.idsChanged = sum(\.idsChanged)
            night.idsGoneFromExport = sum(\.idsGoneFromExport)
            night.idsNowNotFound = sum(\.idsNowNotFound)
            night.idsCarriedOver = sum(\.idsCarriedOver)
            night.detailsRequested = sum(\.detailsRequested)
            night.changeFeedPages = sum(\.changeFeedPages)
            summary.incremental = night
        } else {
            summary.mode = .full
            summary.incremental = nil
        }
        return summary
    }
}
