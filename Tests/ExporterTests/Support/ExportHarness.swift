import Foundation
import HTTPClient
import TMDBAPI
import TestSupport

@testable import Exporter

/// Runs jobs against a stub transport into a temporary output folder.
struct ExportHarness {
    let output: TemporaryDirectory
    let transport: CountingTMDBTransport

    init(transport: CountingTMDBTransport) throws {
        output = try TemporaryDirectory()
        self.transport = transport
    }

    func run(_ job: Job, concurrency: Int? = nil) async throws(ExportError) -> ExportReport {
        try await Self.exporter(transport, outputRoot: output.path, concurrency: concurrency).run(job)
    }

    /// An exporter of the stub API (`https://api.test/3`, a bearer token) sending through `transport`.
    static func exporter(_ transport: any HTTPTransport, outputRoot: String, concurrency: Int? = nil) -> Exporter {
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("test-token"), transport: transport,
            errorMessage: TMDB.errorMessage(of:))
        return Exporter(
            api: api, imageTransport: transport,
            options: ExportOptions(outputRoot: outputRoot, concurrency: concurrency))
    }

    func file(_ report: ExportReport, _ name: String) throws -> String {
        try String(contentsOfFile: (report.runDirectory as NSString).appendingPathComponent(name), encoding: .utf8)
    }
}
