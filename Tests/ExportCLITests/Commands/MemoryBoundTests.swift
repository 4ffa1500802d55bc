import Foundation
import TMDBSandbox
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "Memory bound by ids, not lines: hostile export files and manifests, the binary's peak RSS",
    .timeLimit(.minutes(15)))
struct MemoryBoundTests {
    static let job = #"{"name": "bounded", "concurrency": 4, "rateLimit": 0, "catalogue": [{"type": "movie"}]}"#
    static let peakLimit = 150 * 1_000_000

    static var sandbox: SandboxOptions {
        var options = SandboxOptions()
        options.catalogueSize = 200
        options.seriesCatalogueSize = 20
        options.catalogueIncludesLists = false
        options.now = { Date(timeIntervalSince1970: 1_772_712_000) }  // 2026-03-05 12:00 UTC
        return options
    }

    static func export(api: URL, files: URL, job: String, output: String, _ extra: [String] = []) -> [String] {
        [
            "export", "--job", job, "--base-url", api.absoluteString, "--files-base-url", files.absoluteString,
            "--output", output, "--date", "2026-03-05",
        ] + extra
    }

    static let token = ["TMDB_API_TOKEN": SandboxServer.bearerToken]

    /// 60 Mi lines repeating id 550: one gzip member of 64 Ki lines, 960 times in a row (about 19 MB, 5.6 GB
    /// inflated), a stream `gunzip` reads whole.
    static func repeatedExport() -> [UInt8] {
        let line = #"{"adult":false,"id":550,"original_title":"Fight Club","popularity":61.416,"video":false}"# + "\n"
        let member = Gzip.compress(Array(String(repeating: line, count: 1 << 16).utf8), level: 9)
        var body: [UInt8] = []
        body.reserveCapacity(member.count * 960)
        for _ in 0..<960 { body += member }
        return body
    }

    @Test("an export of 60 Mi lines repeating one id stops at the line limit, naming the file and line, under 150 MB")
    func repeatedLines() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-lines")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let body = Self.repeatedExport()
        let measured = try await withSandbox(Self.sandbox) { sandbox in
            try await HostileServer.with(script: { request in
                request.target.hasSuffix(".json.gz") ? .respond(status: 200, body: body) : .respond(status: 404)
            }) { files in
                try await BinaryRunner.runMeasuringMemory(
                    Self.export(
                        api: sandbox.apiBaseURL, files: files.baseURL, job: job, output: temporary.path + "/out"),
                    environment: Self.token)
            }
        }
        let stderr = measured.result.stderr
        #expect(measured.result.exitCode == 1, "stderr: \(stderr.suffix(2_000))")
        #expect(stderr.contains("movie_ids_03_05_2026.json.gz is unusable at line 4400001"), "\(stderr.suffix(2_000))")
        #expect(stderr.contains("more than 4400000 lines, while TMDB's movie export has about 1100000: stopping"))
        #expect(measured.peakRSSBytes < Self.peakLimit, "peak RSS \(measured.peakRSSBytes) bytes")
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "/out/bounded/latest"))
    }

    /// A run folder whose `manifest.json` is 100 MB (sparse: no disk is used), and `latest` pointing at it.
    static func hugeManifest(jobDirectory: String) throws -> String {
        let run = jobDirectory + "/runs/20260304T120000Z"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        let path = run + "/manifest.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"status":"complete","#.utf8)))
        #expect(truncate(path, 100 << 20) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: jobDirectory + "/latest", withDestinationPath: "runs/20260304T120000Z")
        return path
    }

    @Test("a 100 MB manifest as latest's is refused unread: a full run that says why, and --keep 1, under 150 MB")
    func hugeLatestManifest() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-manifest")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let manifest = try Self.hugeManifest(jobDirectory: output + "/bounded")
        let measured = try await withSandbox(Self.sandbox) { sandbox in
            try await BinaryRunner.runMeasuringMemory(
                Self.export(
                    api: sandbox.apiBaseURL, files: sandbox.filesBaseURL, job: job, output: output, ["--keep", "1"]),
                environment: Self.token)
        }
        let stderr = measured.result.stderr
        #expect(measured.result.exitCode == 0, "stderr: \(stderr.suffix(2_000))")
        #expect(
            stderr.contains(
                "movie catalogue: a full run, because \(manifest) is 104857600 bytes, more than the 16 MiB a manifest "
                    + "may have: not read"), "\(stderr.suffix(2_000))")
        #expect(measured.peakRSSBytes < Self.peakLimit, "peak RSS \(measured.peakRSSBytes) bytes")
        let latest = try FileManager.default.destinationOfSymbolicLink(atPath: output + "/bounded/latest")
        #expect(latest != "runs/20260304T120000Z")
    }

    @Test("merge refuses a shard whose manifest is 100 MB by name, unread, and publishes nothing")
    func hugeShardManifest() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-merge")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let manifest = try Self.hugeManifest(jobDirectory: output + "/bounded/shards/1-of-2")
        let measured = try await BinaryRunner.runMeasuringMemory(
            ["merge", "--job", job, "--shards", "2", "--output", output])
        let stderr = measured.result.stderr
        #expect(measured.result.exitCode == 1, "stderr: \(stderr)")
        #expect(stderr.contains("shard 1/2") && stderr.contains("\(manifest) is 104857600 bytes, more than the 16 MiB"))
        #expect(stderr.contains("shard 0/2") && stderr.contains("no complete run"))
        #expect(measured.peakRSSBytes < Self.peakLimit, "peak RSS \(measured.peakRSSBytes) bytes")
        #expect(!FileManager.default.fileExists(atPath: output + "/bounded/latest"))
    }

    /// TMDB's person export at its 2026 size: 4.5 million distinct people, `{"adult":false,"id":…,"name":"…",
    /// "popularity":…}`, in gzip members of 64 Ki lines.
    static func personExport(lines: Int) -> [UInt8] {
        var body: [UInt8] = []
        var chunk: [UInt8] = []
        chunk.reserveCapacity(80 << 16)
        for id in 1...lines {
            chunk += Array(#"{"adult":false,"id":\#(id),"name":"Person \#(id)","popularity":\#(id % 997).5}"#.utf8)
            chunk.append(0x0A)
            if id % (1 << 16) == 0 || id == lines {
                body += Gzip.compress(chunk, level: 1)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        return body
    }

    @Test("a person export of TMDB's 4.5 million distinct people streams by: the 20 most popular kept, under 150 MB")
    func personExportAtTMDBsSize() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-people")
        defer { temporary.remove() }
        let job = try temporary.write(
            #"{"name": "people", "concurrency": 4, "rateLimit": 0, "catalogue": [{"type": "person", "limit": 20}]}"#,
            to: "job.json")
        let body = Self.personExport(lines: 4_500_000)
        let measured = try await withSandbox(Self.sandbox) { sandbox in
            try await HostileServer.with(script: { request in
                request.target.hasSuffix("/person_ids_03_05_2026.json.gz")
                    ? .respond(status: 200, body: body) : .respond(status: 404)
            }) { files in
                try await BinaryRunner.runMeasuringMemory(
                    Self.export(
                        api: sandbox.apiBaseURL, files: files.baseURL, job: job, output: temporary.path + "/out"),
                    environment: Self.token)
            }
        }
        let stderr = measured.result.stderr
        #expect(measured.result.exitCode == 0, "stderr: \(stderr.suffix(2_000))")
        let manifest = try String(
            contentsOfFile: temporary.path + "/out/people/latest/manifest.json", encoding: .utf8)
        #expect(manifest.contains(#""idsInExport" : 4500000"#) || manifest.contains(#""idsInExport":4500000"#))
        // The lines stream through; `limit`'s heap keeps 20 ids, so the export's size does not show in memory.
        #expect(measured.peakRSSBytes < Self.peakLimit, "peak RSS \(measured.peakRSSBytes) bytes")
    }
}
