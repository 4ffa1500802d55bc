import Foundation
import Synchronization
import TMDBSandbox
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Killing the built binary mid-run, then running again", .timeLimit(.minutes(15)))
struct InterruptionTests {
    struct Workspace {
        let path: String
        let server: SandboxServer

        func job(_ name: String, _ body: String) throws -> String {
            let file = path + "/" + name
            try body.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }

        func export(_ job: String, _ extra: [String] = []) -> [String] {
            [
                "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output", path + "/out",
                "--rate-limit", "0",
            ] + extra
        }

        var environment: [String: String] { ["TMDB_API_TOKEN": SandboxServer.bearerToken] }

        /// Every file under the job folder, relative to it.
        func files() -> [String] {
            let root = path + "/out/kill"
            return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { relative in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
        }

        func manifest(ofRun link: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path + "/out/kill/" + link + "/manifest.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    /// Checks that a run folder's data files match its manifest's digests: it is complete.
    func expectComplete(_ workspace: Workspace, run: String) async throws {
        let manifest = try workspace.manifest(ofRun: run)
        #expect(manifest["status"] as? String == "complete")
        for request in manifest["requests"] as? [[String: Any]] ?? [] {
            for file in request["files"] as? [[String: Any]] ?? [] {
                let data = try Data(
                    contentsOf: URL(fileURLWithPath: workspace.path + "/out/kill/\(run)/" + (file["path"] as! String)))
                let digest = try #require(file["sha256"] as? String)
                #expect(try await sha256Hex(data) == digest, "\(run)/\(file["path"]!) does not match its manifest")
            }
        }
    }

    @Test(
        "latest never points at an incomplete run, no partial file remains, and the rerun completes without refetching saved posters",
        arguments: [SIGINT, SIGKILL])
    func killThenRerun(signal: Int32) async throws {
        // The signal is sent from the sandbox's own connection thread when the 80th poster is asked for, so it
        // lands mid-run however busy the test runner's threads are.
        let counter = Mutex(0)
        let target = Mutex<pid_t?>(nil)
        var options = SandboxOptions()
        options.faults.latency = .milliseconds(3)
        let onRequest: @Sendable (SandboxRequestRecord) -> Void = { record in
            guard record.isPoster,
                counter.withLock({
                    $0 += 1
                    return $0
                }) == 80
            else { return }
            if let pid = target.withLock({ $0 }) { kill(pid, signal) }
        }
        let directory = try TemporaryDirectory(prefix: "kill")
        defer { directory.remove() }
        let path = directory.path
        try await withSandbox(options, onRequest: onRequest) { server in
            let workspace = Workspace(path: path, server: server)

            // A complete run first, so latest has something to keep pointing at.
            let small = try workspace.job(
                "small.json",
                #"{"name": "kill", "requests": [{"endpoint": "movie/upcoming", "pages": "1"}], "posters": false}"#)
            #expect(
                try await BinaryRunner.run(workspace.export(small), environment: workspace.environment).exitCode == 0)
            let firstLatest = try #require(
                try? FileManager.default.destinationOfSymbolicLink(atPath: path + "/out/kill/latest"))

            let big = try workspace.job(
                "big.json",
                #"{"name": "kill", "requests": [{"endpoint": "movie/top_rated", "pages": "1-30"}], "posters": {"size": "w92", "concurrency": 4}, "concurrency": 4}"#
            )
            let running = try BinaryRunner.start(workspace.export(big), environment: workspace.environment)
            target.withLock { $0 = running.process.processIdentifier }
            let killed = try await running.finish()
            #expect(counter.withLock { $0 } >= 80, "the run ended before the signal was due")
            if signal == SIGINT {
                #expect(killed.exitCode == 130, "stderr: \(killed.stderr)")
            } else {
                #expect(running.process.terminationReason == .uncaughtSignal)
            }

            // latest still points at the complete first run, which is intact.
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/out/kill/latest") == firstLatest)
            try await expectComplete(workspace, run: "latest")
            // No data file of the killed run exists under a final name, and every poster under a final name is whole.
            let afterKill = workspace.files()
            #expect(
                !afterKill.contains { $0.hasPrefix("staging/") && ($0.hasSuffix(".csv") || $0.hasSuffix(".ndjson")) })
            var savedPosters: Set<String> = []
            for file in afterKill
            where file.hasPrefix("posters/w92/") && !(file as NSString).lastPathComponent.hasPrefix(".") {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/out/kill/" + file)))
                #expect(
                    bytes.starts(with: [0xFF, 0xD8, 0xFF]) && bytes.suffix(2) == [0xFF, 0xD9], "\(file) is partial")
                savedPosters.insert("/" + (file as NSString).lastPathComponent)
            }
            #expect(!savedPosters.isEmpty)

            let rerun = try await BinaryRunner.run(
                workspace.export(big, ["--resume"]), environment: workspace.environment)
            #expect(rerun.exitCode == 0, "stderr: \(rerun.stderr)")
            #expect(rerun.stdout.contains("resumed:"))
            try await expectComplete(workspace, run: "latest")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/out/kill/latest") != firstLatest)
            #expect(!workspace.files().contains { ($0 as NSString).lastPathComponent.contains(".tmp-") })
            #expect(!workspace.files().contains { $0.hasPrefix("staging/") })

            let counts = server.posterFetchCounts()
            for poster in savedPosters {
                #expect(
                    counts[poster] == 1, "\(poster) was on disk after the kill but fetched \(counts[poster] ?? 0) times"
                )
            }
            if signal == SIGINT {
                // A graceful stop lets downloads in flight finish and save, so nothing at all is fetched twice.
                #expect(counts.values.allSatisfy { $0 == 1 })
            } else {
                // After kill -9 only posters in flight (from the request to the saved file) repeat: at most the
                // poster concurrency.
                #expect(counts.values.filter { $0 > 1 }.count <= 4)
            }
        }
    }

    /// A list job and a catalogue job, each with 8 posters at once: the issue's setting.
    static let posterJobs: [(kind: String, job: String)] = [
        (
            "lists",
            #"{"name": "kill", "requests": [{"endpoint": "movie/top_rated", "pages": "1-30"}], "posters": {"size": "w92", "concurrency": 8}, "concurrency": 4}"#
        ),
        (
            "catalogue",
            #"{"name": "kill", "formats": ["csv"], "catalogue": [{"type": "movie", "limit": 500, "posters": true}], "posters": {"size": "w92", "concurrency": 8}, "concurrency": 4}"#
        ),
    ]

    @Test(
        "SIGINT, then a run killed by SIGKILL, then --resume: what the SIGINT's drain fetched is never fetched again, and only posters in flight at the SIGKILL (at most the poster concurrency) are",
        arguments: posterJobs.map(\.kind))
    func sigintThenSigkillThenResume(kind: String) async throws {
        // Each run gets its signal from the sandbox's own connection thread, when the run has asked for 60 posters.
        struct Plan {
            var posters = 0
            var signalAt = Int.max
            var signal: Int32 = 0
            var target: pid_t?
        }
        let plan = Mutex(Plan())
        var options = SandboxOptions()
        options.faults.latency = .milliseconds(3)
        options.now = { Date(timeIntervalSince1970: 1_772_712_000) }  // 2026-03-05 12:00 UTC
        let onRequest: @Sendable (SandboxRequestRecord) -> Void = { record in
            guard record.isPoster else { return }
            let due = plan.withLock { plan -> (pid_t, Int32)? in
                plan.posters += 1
                guard plan.posters == plan.signalAt, let target = plan.target else { return nil }
                return (target, plan.signal)
            }
            if let (target, signal) = due { kill(target, signal) }
        }
        let directory = try TemporaryDirectory(prefix: "posters-kill")
        defer { directory.remove() }
        let path = directory.path
        try await withSandbox(options, onRequest: onRequest) { server in
            let workspace = Workspace(path: path, server: server)
            let job = try workspace.job("job.json", try #require(Self.posterJobs.first { $0.kind == kind }).job)
            let catalogueFlags = ["--files-base-url", server.filesBaseURL.absoluteString, "--date", "2026-03-05"]
            func run(_ extra: [String], signal: Int32?) async throws -> (BinaryRunner.Result, Process) {
                plan.withLock {
                    $0.signalAt = signal == nil ? Int.max : $0.posters + 60
                    $0.signal = signal ?? 0
                }
                let running = try BinaryRunner.start(
                    workspace.export(job, catalogueFlags + extra), environment: workspace.environment)
                plan.withLock { $0.target = running.process.processIdentifier }
                let result = try await running.finish()
                plan.withLock { $0.target = nil }
                return (result, running.process)
            }
            let postersDirectory = path + "/out/kill/posters/w92"
            func saved() -> Set<String> {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: postersDirectory)) ?? []
                return Set(names.filter { !$0.hasPrefix(".") }.map { "/" + $0 })
            }
            func requested() -> [String] { server.requestLog().compactMap(\.posterPath) }

            let (interrupted, _) = try await run([], signal: SIGINT)
            #expect(interrupted.exitCode == 130, "stderr: \(interrupted.stderr)")
            // The drain let every poster on the wire finish, and saved it.
            let afterInterrupt = Set(requested())
            #expect(afterInterrupt.count >= 60)
            #expect(afterInterrupt.subtracting(saved()).isEmpty, "fetched by the interrupted run but not saved")

            let (_, killedProcess) = try await run(["--resume"], signal: SIGKILL)
            #expect(killedProcess.terminationReason == .uncaughtSignal)

            let (resumed, _) = try await run(["--resume"], signal: nil)
            #expect(resumed.exitCode == 0, "stderr: \(resumed.stderr)")
            try await expectComplete(workspace, run: "latest")

            let counts = server.posterFetchCounts()
            let twice = Set(counts.filter { $0.value > 1 }.keys)
            #expect(twice.isDisjoint(with: afterInterrupt), "fetched again after the SIGINT: \(twice)")
            #expect(twice.count <= 8, "fetched twice: \(twice.sorted())")
            #expect(counts.values.allSatisfy { $0 <= 2 })
        }
    }

    @Test(
        "exits 143 on SIGTERM after draining, and at once with 130 on a second SIGINT",
        arguments: [
            (SIGTERM, 1, Int32(143), "SIGTERM received"), (SIGINT, 2, Int32(130), "SIGINT again: stopping now"),
        ])
    func signals(signal: Int32, count: Int, exitCode: Int32, message: String) async throws {
        let target = Mutex<pid_t?>(nil)
        let sent = Mutex(false)
        var options = SandboxOptions()
        options.faults.latency = .milliseconds(400)
        let onRequest: @Sendable (SandboxRequestRecord) -> Void = { record in
            guard record.path == "/3/movie/popular" else { return }
            let first = sent.withLock { alreadySent in
                defer { alreadySent = true }
                return !alreadySent
            }
            if first, let pid = target.withLock({ $0 }) { kill(pid, signal) }
        }
        let directory = try TemporaryDirectory(prefix: "signal")
        defer { directory.remove() }
        let path = directory.path
        try await withSandbox(options, onRequest: onRequest) { server in
            let workspace = Workspace(path: path, server: server)
            let job = try workspace.job(
                "job.json",
                #"{"name": "kill", "requests": [{"endpoint": "movie/popular", "pages": "1-50"}], "posters": false}"#)

            // stderr through a pipe, read as it comes: the second signal goes only after the binary has said it
            // received the first (the kernel merges a signal sent while the same one is still pending).
            let process = Process()
            process.executableURL = BinaryRunner.binary
            process.arguments = workspace.export(job, ["--metrics-file", path + "/tmdb_export.prom"])
            var environment = ProcessInfo.processInfo.environment
            environment.merge(workspace.environment) { $1 }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            target.withLock { $0 = process.processIdentifier }
            // The reads block until the child exits: on a thread of their own, not one of the few the tests' tasks share.
            let pid = process.processIdentifier
            let reader = errors.fileHandleForReading
            let stderr = try await onOwnThread {
                var stderr = ""
                var secondSent = count < 2
                while true {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    stderr += String(decoding: chunk, as: UTF8.self)
                    if !secondSent, stderr.contains("received: finishing requests in flight") {
                        kill(pid, signal)
                        secondSent = true
                    }
                }
                return stderr
            }
            // stderr ends when the child exits: this wait is short, but it blocks, so it too has a thread of its own.
            try await onOwnThread { process.waitUntilExit() }
            #expect(process.terminationStatus == exitCode, "stderr: \(stderr)")
            #expect(stderr.contains(message))
            #expect(!FileManager.default.fileExists(atPath: path + "/out/kill/latest"))
            #expect(!workspace.files().contains { $0.hasSuffix(".csv") || $0.hasSuffix(".ndjson") })
            // The metrics file is written on both ways out: after the drain, and just before the immediate exit.
            let metrics = try PrometheusText(String(contentsOfFile: path + "/tmdb_export.prom", encoding: .utf8))
            #expect(metrics.value("tmdb_export_run_status", ["job": "kill", "status": "interrupted"]) == 1)
            #expect(metrics.value("tmdb_export_run_exit_code", ["job": "kill"]) == Double(exitCode))
            #expect((metrics.value("tmdb_export_api_requests_total", ["attempt": "first"]) ?? 0) >= 1)
            // After the drain, what the run left in staging/ (its manifest) is read: its failures are counted.
            if count == 1 { #expect(metrics.names.contains("tmdb_export_failures_total")) }
        }
    }

    @Test("fails with exit 1 and the file's path when a write fails (file size limit), leaving latest untouched")
    func writeFailure() async throws {
        let directory = try TemporaryDirectory(prefix: "efbig")
        defer { directory.remove() }
        let path = directory.path
        try await withSandbox { server in
            let workspace = Workspace(path: path, server: server)
            let small = try workspace.job(
                "small.json",
                #"{"name": "kill", "requests": [{"endpoint": "movie/upcoming", "pages": "1"}], "posters": false}"#)
            #expect(
                try await BinaryRunner.run(workspace.export(small), environment: workspace.environment).exitCode == 0)
            let firstLatest = try FileManager.default.destinationOfSymbolicLink(atPath: path + "/out/kill/latest")

            let big = try workspace.job(
                "big.json",
                #"{"name": "kill", "requests": [{"endpoint": "movie/popular", "pages": "1-60"}], "posters": false}"#)
            let result = try await BinaryRunner.start(
                workspace.export(big), environment: workspace.environment, shellPrefix: "ulimit -f 100"
            ).finish()
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("cannot write the output: cannot "))
            #expect(result.stderr.contains("/out/kill/staging/"))
            // Whichever file of the run crosses the limit first: a data file or the page cache kept for --resume.
            let files = ["movie_popular.csv", "movie_popular.ndjson", "pages/movie_popular.pages"]
            #expect(files.contains { result.stderr.contains("\($0): File too large") }, "stderr: \(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + "/out/kill/latest") == firstLatest)
            try await expectComplete(workspace, run: "latest")
        }
    }
}

/// SHA-256 via the system's sha256sum, independent of the exporter's own implementation, waited for on a thread of
/// its own: the pipes and the child block.
func sha256Hex(_ data: Data) async throws -> String {
    try await onOwnThread { sha256Hex(data) }
}

/// ``sha256Hex(_:)`` for synchronous code: blocks the calling thread on the child's pipes and exit.
@available(*, noasync, message: "blocks on a child process; use await sha256Hex(_:)")
func sha256Hex(_ data: Data) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try? process.run()
    let writer = Thread {
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
}
