import Foundation
import TMDBAPI
import Testing

@testable import Exporter
@testable import RunStore

@Suite("Catalogue settings: one list that resume, incremental nights and shard merges compare")
struct CatalogueSettingsTests {
    /// A change of each setting, made to the snapshot's manifest (the job stays `{"type": "movie"}` in CSV).
    static let changes: [String: @Sendable (inout Manifest) -> Void] = [
        "type": { $0.catalogue![0].type = .tv },
        "append": { $0.catalogue![0].append = ["credits"] },
        "exportDate": { $0.catalogue![0].exportDateRequested = "2026-03-01" },
        "adult": { $0.catalogue![0].adult = true },
        "minPopularity": { $0.catalogue![0].minPopularity = 5 },
        "limit": { $0.catalogue![0].limit = 10 },
        "imageLanguages": { $0.catalogue![0].imageLanguages = "en" },
        "formats": { $0.catalogue![0].files[0].format = "ndjson" },
        "language": { $0.language = "fr-FR" },
        "maxFailedPercent": { $0.catalogue![0].maxFailedPercent = 50 },
    ]

    static func job() throws -> Job {
        try JobLoader().parse(
            #"{"name": "nightly", "catalogue": [{"type": "movie"}], "formats": ["csv"]}"#, file: "nightly.json")
    }

    static func snapshot(changing name: String? = nil) throws -> PreviousSnapshot {
        let snapshot = try CatalogueBaseTests.snapshot(version: SnapshotLayout.version)
        var manifest = snapshot.manifest
        manifest.catalogue![0].maxFailedPercent = Job.CatalogueRequest.defaultMaxFailedPercent
        if let name { Self.changes[name]!(&manifest) }
        return PreviousSnapshot(runID: snapshot.runID, directory: snapshot.directory, manifest: manifest)
    }

    static func settings(_ snapshot: PreviousSnapshot) -> CatalogueSettings {
        CatalogueSettings(snapshot.manifest.catalogue![0], of: snapshot.manifest)
    }

    @Test("every stored property is a setting, in the order of the properties")
    func everyPropertyIsASetting() throws {
        let settings = Self.settings(try Self.snapshot())
        let properties = Mirror(reflecting: settings).children.map { $0.label! }
        #expect(CatalogueSettings.all.map(\.name) == properties)
        #expect(Set(Self.changes.keys) == Set(properties), "each setting needs a change in this suite")
    }

    @Test("a snapshot of the job's own settings differs in none")
    func sameSettings() throws {
        let job = try Self.job()
        let now = CatalogueSettings(job.catalogue[0], in: job)
        #expect(now.differences(from: Self.settings(try Self.snapshot())).isEmpty)
    }

    @Test("a change of each setting is the one difference found, named, with both values", arguments: Self.changes.keys)
    func eachChangeIsFound(name: String) throws {
        let job = try Self.job()
        let now = CatalogueSettings(job.catalogue[0], in: job)
        let before = Self.settings(try Self.snapshot(changing: name))
        let differences = now.differences(from: before)
        #expect(differences.map(\.setting.name) == [name])
        #expect(differences.first.map { $0.before != $0.now } == true)
        #expect(differences.first?.description.hasPrefix("\(name) ") == true)
    }

    @Test(
        "a change that forces a full run is tonight's reason to fetch everything, others are not",
        arguments: Self.changes.keys)
    func incrementalNightNotices(name: String) throws {
        let setting = try #require(CatalogueSettings.all.first { $0.name == name })
        let job = try Self.job()
        let base = CatalogueBase.choose(
            for: job.catalogue[0], in: job, previous: .success(try Self.snapshot(changing: name)),
            today: CatalogueBaseTests.today, forced: false)
        let reason = CatalogueBaseTests.reason(base)
        if name == "type" {
            #expect(reason == "runs/20260305T120000Z has no movie catalogue")
        } else if setting.forcesFullRun {
            #expect(
                reason?.hasPrefix("the job's movie catalogue changed since runs/20260305T120000Z: \(name) ") == true)
        } else {
            #expect(reason == nil)
        }
    }

    @Test(
        "the catalogue's resume key changes with every setting but those the job's part holds and the ignorable",
        arguments: Self.changes.keys)
    func resumeNotices(name: String) throws {
        let before = Self.settings(try Self.snapshot())
        let changed = Self.settings(try Self.snapshot(changing: name))
        let outside = ["formats", "language", "maxFailedPercent"]
        #expect((changed.resumeKey != before.resumeKey) == !outside.contains(name))
    }

    @Test(
        "a shard merge refuses a shard that differs in a setting that forces a full run", arguments: Self.changes.keys)
    func mergeNotices(name: String) throws {
        let setting = try #require(CatalogueSettings.all.first { $0.name == name })
        let refusal = ShardMerge.refusedSetting(of: try Self.snapshot(changing: name).manifest, for: try Self.job())
        // The merge compares the shards' catalogue types and export days before their settings.
        #expect((refusal != nil) == setting.forcesFullRun)
        #expect((setting.refusesMerge != nil) == setting.forcesFullRun)
    }

    @Test("a shard merge's refusals read as before")
    func mergeRefusals() throws {
        func refusal(_ name: String) throws -> String? {
            ShardMerge.refusedSetting(of: try Self.snapshot(changing: name).manifest, for: try Self.job())
        }
        #expect(try refusal("append") == "appended credits to movie, the job ")
        #expect(
            try refusal("limit") == "selected movie ids with other filters (adult, minPopularity, limit) than the job's"
        )
        #expect(try refusal("formats") == "wrote other formats than the job's")
        #expect(try refusal("imageLanguages") == "kept movie images of other languages (imageLanguages) than the job's")
        #expect(try refusal("language") == "is in fr-FR, not en-US")
    }

    @Test("the messages name the setting and both values as before")
    func messages() throws {
        let job = try Self.job()
        let now = CatalogueSettings(job.catalogue[0], in: job)
        func message(_ name: String) throws -> String? {
            now.differences(from: Self.settings(try Self.snapshot(changing: name))).first?.description
        }
        #expect(try message("append") == "append credits → ")
        #expect(try message("adult") == "adult true → false")
        #expect(try message("minPopularity") == "minPopularity 5.0 → none")
        #expect(try message("imageLanguages") == "imageLanguages en → none")
        #expect(try message("formats") == "formats ndjson → csv")
        #expect(try message("language") == "language fr-FR → en-US")
        var unrecorded = Self.settings(try Self.snapshot())
        unrecorded.adult = nil
        #expect(now.differences(from: unrecorded).first?.description == "adult unknown → false")
    }
}
