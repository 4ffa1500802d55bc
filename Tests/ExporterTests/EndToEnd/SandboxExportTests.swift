import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Exporting from the sandbox over loopback", .timeLimit(.minutes(15)))
struct SandboxExportTests {
    func exporter(
        _ server: SandboxServer, output: String, credentials: Credentials = .bearerToken(SandboxServer.bearerToken)
    )
        -> Exporter
    {
        Exporter(
            api: APIClient(
                baseURL: server.apiBaseURL, credentials: credentials,
                transport: CurlTransport(maximumConnectionsPerHost: 8), errorMessage: TMDB.errorMessage(of:)),
            imageTransport: CurlTransport(maximumConnectionsPerHost: 8), options: ExportOptions(outputRoot: output))
    }

    @Test("writes CSV, NDJSON, manifest and posters that agree with each other, and points latest at the run")
    func fullSlice() async throws {
        try await withSandbox { server in
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let job = Job(
                name: "slice",
                requests: [
                    .init(list: .topRated, pages: .range(1...3)), .init(list: .nowPlaying, pages: .range(1...2)),
                ],
                region: "US", posters: Job.PosterSettings(size: "w185", concurrency: 4), concurrency: 4)
            let report = try await exporter(server, output: output.path).run(job)

            #expect(report.manifest.status == .complete)
            #expect(report.publishedAsLatest)
            #expect(
                FileSystem.symlinkTarget((report.jobDirectory as NSString).appendingPathComponent("latest"))
                    == "runs/\(report.manifest.runID)")
            #expect(!report.manifest.apiBaseURL.contains(SandboxServer.bearerToken))

            let csv = try CSVReader.records(try output.read("slice/latest/movie_top_rated.csv"))
            let ndjson = try output.read("slice/latest/movie_top_rated.ndjson").split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(csv.count == 61)
            #expect(ndjson.count == 61 && ndjson.last == "")
            #expect(csv[0] == MovieRow.columns)
            for (record, line) in zip(csv.dropFirst(), ndjson) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(record[2] == object["title"] as? String)
                #expect(record[12] == (object["overview"] as? String ?? ""))
                #expect(record[14] == (object["poster_file"] as? String ?? ""))
                if let poster = object["poster_file"] as? String {
                    #expect(output.exists("slice/" + poster), "missing \(poster)")
                }
            }
            // The catalogue's hard cases survive: commas, quotes, newlines, scripts, emoji.
            let titles = Set(csv.dropFirst().map { $0[2] })
            #expect(titles.contains { $0.contains(",") })
            #expect(titles.contains { $0.contains("\"") })
            #expect(titles.contains { $0.contains("\n") })
            #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
            #expect(csv.dropFirst().contains { $0[13].isEmpty && $0[14].isEmpty })

            let request = report.manifest.requests[0]
            #expect(request.rowsWritten == 60)
            #expect(request.posters.downloaded + request.posters.alreadyPresent + request.posters.absent == 60)
            let fileHash = SHA256.hex(
                of: Array(
                    try Data(
                        contentsOf: URL(
                            fileURLWithPath: (report.runDirectory as NSString).appendingPathComponent(
                                "movie_top_rated.csv")
                        ))))
            #expect(request.files.first { $0.format == "csv" }?.sha256 == fileHash)
            #expect(report.manifest.requests[1].endpoint == "movie/now_playing")
            #expect(report.manifest.requests[1].rowsWritten == 40)
        }
    }

    @Test("writes the same files from answers gzipped and chunked, as TMDB sends them, as from plain ones")
    func answersAsTMDBSendsThem() async throws {
        let job = Job(
            name: "wire",
            requests: [
                .init(list: .nowPlaying, pages: .range(1...2), details: true),
                .init(source: .trending(.tv, .week), pages: .range(1...1)),
            ], posters: nil, concurrency: 4)
        var files: [[String: Data]] = []
        for options in [SandboxOptions(), SandboxOptions.answeringAsTMDB()] {
            try await withSandbox(options) { server in
                let output = try TemporaryDirectory()
                defer { output.remove() }
                let report = try await exporter(server, output: output.path).run(job)
                #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
                var written: [String: Data] = [:]
                for file in report.manifest.requests.flatMap(\.files) {
                    let path = (report.runDirectory as NSString).appendingPathComponent(file.path)
                    written[file.path] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
                files.append(written)
            }
        }
        #expect(files[0].count == 6)
        #expect(files[0] == files[1])
    }

    @Test("exports every page of a list with pages all, up to TMDB's 500-page cap")
    func allPagesCapped() async throws {
        try await withSandbox { server in
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let report = try await exporter(server, output: output.path).run(
                Job(name: "cap", requests: [.init(list: .topRated, pages: .all)], posters: nil, concurrency: 16))
            #expect(report.manifest.requests[0].pagesPlanned == 500)
            #expect(report.manifest.requests[0].pagesFetched == 500)
            #expect(report.manifest.requests[0].rowsWritten == 10_000)
            #expect(!server.requestLog().contains { $0.target.contains("page=501") })
        }
    }

    @Test("stops with an authentication error and TMDB's message on bad credentials, writing nothing")
    func badCredentials() async throws {
        // The first 401 stops the client, so a request whose task has not started by then is never sent. Answers
        // that take 100 ms give every request of the first wave time to start, however loaded the machine.
        var options = SandboxOptions()
        options.faults.latency = .milliseconds(100)
        try await withSandbox(options) { server in
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let error = await #expect(throws: ExportError.self) {
                try await exporter(server, output: output.path, credentials: .apiKey("wrong-key")).run(
                    Job(name: "auth", requests: [.init(list: .topRated, pages: .all)]))
            }
            #expect(String(describing: error).contains("Invalid API key"))
            #expect(!String(describing: error).contains("wrong-key"))
            #expect(!output.exists("auth"))
            // Setup's two requests, and page 1 (all that is known of an `all` list before it), sent with them.
            let paths = server.requestLog().map(\.path)
            #expect(
                paths.filter { $0 != "/3/movie/top_rated" }.sorted() == ["/3/configuration", "/3/genre/movie/list"])
            #expect(paths.filter { $0 == "/3/movie/top_rated" }.count <= 1)
        }
    }
}
