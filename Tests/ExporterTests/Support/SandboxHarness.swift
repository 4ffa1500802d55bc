import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox
import TestSupport

@testable import Exporter

/// A sandbox with chosen faults, an output folder, and an exporter wired to both over loopback. Used through
/// ``closing(after:)``, which ends both.
struct SandboxHarness {
    let server: SandboxServer
    let output: TemporaryDirectory

    init(_ configure: (inout SandboxOptions) -> Void = { _ in }) throws {
        var options = SandboxOptions()
        configure(&options)
        server = SandboxServer(options: options)
        try server.start()
        output = try TemporaryDirectory()
    }

    /// Runs `body`, then stops the server (awaiting its threads, holding none of the pool's) and removes the output
    /// folder, whether `body` returns or throws: a `defer` cannot await.
    func closing<T>(after body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await close()
            throw error
        }
        await close()
        return result
    }

    private func close() async {
        await server.stop()
        output.remove()
    }

    func exporter(
        credentials: Credentials = .bearerToken(SandboxServer.bearerToken), retries: Int = 4,
        rateLimit: Double? = nil, timeout: Duration = .seconds(30), maximumBodyBytes: Int = 8 << 20,
        concurrency: Int = 8, outputSubfolder: String? = nil, options: ExportOptions? = nil, stop: StopRequest? = nil,
        onEvent: @escaping @Sendable (ExportEvent) -> Void = { _ in }
    ) -> Exporter {
        let api = APIClient(
            baseURL: server.apiBaseURL, credentials: credentials,
            transport: CurlTransport(maximumConnectionsPerHost: concurrency, maximumBodyBytes: maximumBodyBytes),
            timeout: timeout, retryPolicy: RetryPolicy(maximumAttempts: retries + 1, baseDelay: .milliseconds(20)),
            rateLimiter: rateLimit.map { RateLimiter(rate: $0) }, errorMessage: TMDB.errorMessage(of:))
        return Exporter(
            api: api, imageTransport: CurlTransport(maximumConnectionsPerHost: concurrency),
            options: options
                ?? ExportOptions(
                    outputRoot: outputSubfolder.map { (output.path as NSString).appendingPathComponent($0) }
                        ?? output.path),
            stop: stop, onEvent: onEvent)
    }

    /// Every regular file under the output folder, relative to it.
    func filesWritten() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = (output.path as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
