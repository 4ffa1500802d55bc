import Foundation
import TestSupport
import Testing

@testable import RunStore

@Suite("A job's published runs, as monitoring reads them")
struct RunHistoryTests {
    @Test("finds the run latest points at and the newest complete run, which may be older")
    func latestAndLastComplete() throws {
        let root = try TemporaryDirectory(prefix: "history")
        defer { root.remove() }
        let layout = OutputLayout(root: root.path, jobName: "nightly")
        try write(layout, "20261120T090000Z", .complete, finished: "2026-11-20T09:20:00Z")
        try write(layout, "20261121T090000Z", .complete, finished: "2026-11-21T09:20:00Z")
        try write(layout, "20261122T090000Z", .partial, finished: "2026-11-22T09:20:00Z")
        try FileSystem.replaceSymlink(layout.latestLink, target: "runs/20261122T090000Z")
        let history = RunHistory(layout: layout)

        #expect(history.latest()?.manifest.runID == "20261122T090000Z")
        #expect(history.lastComplete()?.manifest.finishedAt == "2026-11-21T09:20:00Z")
        #expect(history.lastComplete()?.directory == layout.runDirectory("20261121T090000Z"))
    }

    @Test("finds nothing in a job that has no run, or whose runs all failed")
    func none() throws {
        let root = try TemporaryDirectory(prefix: "history")
        defer { root.remove() }
        let layout = OutputLayout(root: root.path, jobName: "nightly")
        #expect(RunHistory(layout: layout).latest() == nil)
        #expect(RunHistory(layout: layout).lastComplete() == nil)
        try write(layout, "20261122T090000Z", .failed, finished: "2026-11-22T09:20:00Z")
        #expect(RunHistory(layout: layout).lastComplete() == nil)
    }

    private func write(_ layout: OutputLayout, _ runID: String, _ status: Manifest.Status, finished: String) throws {
        let manifest = Manifest(
            job: layout.jobName, runID: runID, resumed: false, status: status, startedAt: finished,
            finishedAt: finished, elapsedSeconds: 1, toolVersion: "0", apiBaseURL: "http://127.0.0.1", language: "en",
            concurrency: 1, requests: [], failures: [], apiRequests: 0, apiRetries: 0, throttled: 0,
            posterRequests: 0, posterRetries: 0, unsafePosterPaths: [])
        let directory = layout.runDirectory(runID)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try manifest.encoded().write(to: URL(fileURLWithPath: directory + "/manifest.json"))
    }
}
