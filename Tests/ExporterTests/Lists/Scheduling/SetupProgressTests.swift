import Foundation
import HTTPClient
import Synchronization
import TestSupport
import Testing

@testable import Exporter

@Suite("Choosing which setup failure to report", .timeLimit(.minutes(15)))
struct ExporterSetupTests {
    let unauthorized = ClientError(
        endpoint: "genre/movie/list", reason: .httpStatus(401, message: "Invalid API key"))
    let notSent = ClientError(endpoint: "configuration", reason: .notSent)
    let serverError = ClientError(endpoint: "genre/tv/list", reason: .httpStatus(500, message: nil))

    @Test("reports the 401 that halted the limit, not the configuration request it left unsent")
    func skipsUnsent() {
        #expect(SetupProgress.reportedFailure([notSent, unauthorized, nil])?.endpoint == "genre/movie/list")
    }

    @Test("reports failures in request order otherwise, and nothing when all succeeded")
    func requestOrder() {
        #expect(SetupProgress.reportedFailure([nil, serverError, unauthorized])?.endpoint == "genre/tv/list")
        #expect(SetupProgress.reportedFailure([notSent])?.endpoint == "configuration")
        #expect(SetupProgress.reportedFailure([nil, nil, nil]) == nil)
    }
}

@Suite("Checking the image base URL /configuration gives", .timeLimit(.minutes(15)))
struct ImageBaseURLTests {
    @Test(
        "refuses other protocols and link-local or unspecified hosts, in every form a resolver reads",
        arguments: [
            "ftp://image.tmdb.org/t/p/", "file:///etc/t/p/", "gopher://image.tmdb.org/", "http://169.254.169.254/t/p/",
            "http://169.254.1.1:8080/", "http://0xa9.0xfe.0xa9.0xfe/", "http://2852039166/", "http://0.0.0.0/",
            "https://0/", "http://[::]/", "http://[fe80::1]/", "http://[FE80::a:b]:80/",
            "http://[::ffff:169.254.169.254]/", "http://[::ffff:0.0.0.0]/",
        ])
    func refuses(url: String) throws {
        let problem = ImageBaseURL.problem(with: try #require(URL(string: url)))
        #expect(problem != nil, "\(url) should be refused")
    }

    @Test(
        "accepts http and https on names and ordinary addresses, loopback included (the sandbox)",
        arguments: [
            "https://image.tmdb.org/t/p/", "http://image.tmdb.org/t/p/", "HTTPS://image.tmdb.org/t/p/",
            "http://127.0.0.1:8765/t/p/", "http://[::1]:8765/t/p/", "http://10.0.0.7/t/p/", "http://169.253.0.1/",
            "http://[2001:db8::1]/t/p/",
        ])
    func accepts(url: String) throws {
        #expect(ImageBaseURL.problem(with: try #require(URL(string: url))) == nil)
    }

    @Test("stops the run at setup, with a clear error, when the image base URL is ftp:// or link-local")
    func refusedAtSetup() async throws {
        for base in ["ftp://img.test/t/p/", "http://169.254.169.254/t/p/"] {
            let transport = ConfigurationOverride(
                imageBaseURL: base, rest: CountingTMDBTransport(totalPages: 2))
            let output = try TemporaryDirectory()
            let exporter = ExportHarness.exporter(transport, outputRoot: output.path)
            let job = Job(name: "images", requests: [.init(list: .topRated, pages: .range(1...2))])
            let error = await #expect(throws: ExportError.self) { try await exporter.run(job) }
            #expect(transport.configurationRequests == 1, "refused, not retried")
            let text = "\(try #require(error))"
            #expect(text.hasPrefix("cannot start the export: GET configuration: unacceptable response: "))
            #expect(text.contains("the image base URL \"\(base)\" is not usable: "))
            #expect(!transport.rest.snapshot.imageRequests.contains { _ in true }, "no poster was asked for")
        }
    }
}

/// Answers `/configuration` with a chosen image base URL, counting its requests, and everything else from `rest`.
final class ConfigurationOverride: HTTPTransport {
    let imageBaseURL: String
    let rest: CountingTMDBTransport
    private let configurations = Mutex(0)

    /// How many times `/configuration` was asked for.
    var configurationRequests: Int { configurations.withLock { $0 } }

    init(imageBaseURL: String, rest: CountingTMDBTransport) {
        self.imageBaseURL = imageBaseURL
        self.rest = rest
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.path == "/3/configuration" else { return try await rest.send(request) }
        configurations.withLock { $0 += 1 }
        return CountingTMDBTransport.json(
            200, #"{"images":{"secure_base_url":"\#(imageBaseURL)","poster_sizes":["w92","w342","original"]}}"#)
    }
}

@Suite("Server text in setup errors", .timeLimit(.minutes(15)))
struct SetupErrorTextTests {
    @Test("lists at most 20 offered poster sizes, each escaped and cut")
    func offeredSizes() {
        let offered = ["w92\u{1B}[2J"] + (1...1000).map { "w\($0)" } + [String(repeating: "x", count: 100_000)]
        let text = "\(ExportError.invalidPosterSize("w1", offered: offered))"
        #expect(
            text.hasPrefix(#"posters.size: "w1" is not a poster size TMDB offers (expected one of: w92\u{1B}[2J, w1,"#))
        #expect(text.hasSuffix(", w19, and 982 more)"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
    }
}
