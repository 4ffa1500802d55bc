import Foundation
import HTTPClient
import TestSupport
import Testing

@testable import Exporter

@Suite("The manifest")
struct ManifestTests {
    @Test("names the tool version the caller gave in the options")
    func toolVersion() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var exporter = ExportHarness.exporter(CountingTMDBTransport(totalPages: 1), outputRoot: output.path)
        exporter.options.toolVersion = "9.8.7"
        let job = Job(name: "version", requests: [.init(list: .topRated, pages: .range(1...1))], posters: nil)
        let report = try await exporter.run(job)
        #expect(report.manifest.toolVersion == "9.8.7")
        let written = try String(
            contentsOfFile: (report.runDirectory as NSString).appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(written.contains(#""toolVersion" : "9.8.7""#))
    }
}
