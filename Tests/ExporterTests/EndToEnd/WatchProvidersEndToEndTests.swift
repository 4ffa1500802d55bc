import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Watch providers and image languages from the sandbox", .timeLimit(.minutes(15)))
struct WatchProvidersEndToEndTests {
    static let job = Job(
        name: "providers", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: [.watchProviders, .images], limit: 20),
            Job.CatalogueRequest(type: .tv, append: [.watchProviders], limit: 8),
        ])

    static func options(_ harness: SandboxHarness, folder: String) -> ExportOptions {
        ExportOptions(
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), concurrency: 4,
            filesBaseURL: harness.server.filesBaseURL)
    }

    /// GETs `path` (`/3/…`) from the sandbox with its token, read with `JSONSerialization`, not the exporter's reader.
    static func json(_ server: SandboxServer, _ path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
        let response = try await CurlTransport().send(
            HTTPRequest(url: url, headers: ["Authorization": "Bearer \(SandboxServer.bearerToken)"]))
        #expect(response.status == 200, "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    static func records(_ run: String, _ table: String) throws -> [[String]] {
        try CSVReader.records(try String(contentsOfFile: "\(run)/\(table).csv", encoding: .utf8))
    }

    /// The rows TMDB's `/{type}/{id}/watch/providers` answer gives, in TMDB's order: countries alphabetical (TMDB's
    /// and the sandbox's order; a dictionary has none), kinds in TMDB's order, providers in array order.
    static func expectedRows(_ answer: [String: Any], id: Int) -> [[String]] {
        let countries = answer["results"] as? [String: [String: Any]] ?? [:]
        var rows: [[String]] = []
        for country in countries.keys.sorted() {
            let offers = countries[country]!
            for kind in ["flatrate", "rent", "buy", "ads", "free"] {
                for provider in offers[kind] as? [[String: Any]] ?? [] {
                    rows.append([
                        "\(id)", country, kind, "\(provider["provider_id"]!)", "\(provider["provider_name"]!)",
                        "\(provider["display_priority"]!)", "\(offers["link"]!)",
                    ])
                }
            }
        }
        return rows
    }

    @Test(
        "each provider table equals, row for row, what the sandbox serves for its ids; watch_providers unites the two lists, read once"
    )
    func providerTables() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let report = try await harness.exporter(options: Self.options(harness, folder: "a")).run(Self.job)
            #expect(report.manifest.status == .complete)
            let run = report.runDirectory
            let lists = harness.server.requestLog().map(\.path).filter { $0.hasPrefix("/3/watch/providers/") }
            #expect(lists.sorted() == ["/3/watch/providers/movie", "/3/watch/providers/tv"])

            var missingKinds = 0
            for (type, main, table) in [
                ("movie", "movies", "movie_watch_providers"), ("tv", "tv_series", "tv_watch_providers"),
            ] {
                let ids = try Self.records(run, main).dropFirst().map { Int($0[0])! }
                #expect(!ids.isEmpty)
                var expected: [[String]] = []
                for id in ids {
                    let answer = try await Self.json(harness.server, "/3/\(type)/\(id)/watch/providers")
                    expected += Self.expectedRows(answer, id: id)
                    for offers in (answer["results"] as? [String: [String: Any]] ?? [:]).values {
                        missingKinds += 5 - offers.keys.filter { $0 != "link" }.count
                    }
                }
                let written = try Self.records(run, table)
                #expect(written.first == ["\(type == "movie" ? "movie" : "series")_id"] + Array(written[0].dropFirst()))
                #expect(Array(written.dropFirst()) == expected, "\(table)")
                #expect(expected.count > ids.count, "\(table): too few offers to tell anything")
            }
            #expect(missingKinds > 0, "the sandbox left out no kind")

            var united: [Int: [String]] = [:]
            for type in ["movie", "tv"] {
                let list = try await Self.json(harness.server, "/3/watch/providers/\(type)?language=en-US")
                for provider in list["results"] as? [[String: Any]] ?? [] {
                    let id = provider["provider_id"] as! Int
                    if united[id] == nil {
                        united[id] = ["\(id)", "\(provider["provider_name"]!)", "\(provider["logo_path"]!)"]
                    }
                }
            }
            #expect(
                try Self.records(run, "watch_providers") == [["provider_id", "provider_name", "logo_path"]]
                    + united.keys.sorted().map { united[$0]! })
            let summary = try #require(report.manifest.watchProviders)
            #expect(summary.lists == ["watch/providers/movie", "watch/providers/tv"])
            #expect(summary.files.map(\.path) == ["watch_providers.csv", "watch_providers.ndjson"])
            #expect(summary.files.allSatisfy { $0.rows == united.count })
            #expect(summary.providersInLists.reduce(0, +) > united.count, "no provider is in both lists")

            // Described: keyed, each offer's title declared, its provider said in words.
            let script = try String(contentsOfFile: "\(run)/load.sql", encoding: .utf8)
            #expect(script.contains("CREATE TABLE \"watch_providers\""))
            #expect(script.contains("-- Should join: (provider_id) → watch_providers (provider_id), not declared"))
            #expect(script.contains("-- References: (movie_id) → movies (id)"))
        }
    }

    @Test("a provider list that cannot be fetched stops the run before any details request, naming the list")
    func listFails() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let api = APIClient(
                baseURL: harness.server.apiBaseURL, credentials: .bearerToken(SandboxServer.bearerToken),
                transport: FailingPath(path: "/3/watch/providers/tv", inner: CurlTransport()),
                retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: .milliseconds(5)),
                errorMessage: TMDB.errorMessage(of:))
            let exporter = Exporter(
                api: api, imageTransport: CurlTransport(), options: Self.options(harness, folder: "failing"))
            do {
                _ = try await exporter.run(Self.job)
                Issue.record("the run did not stop")
            } catch let error as ExportError {
                if case .setup = error {} else { Issue.record("stopped with \(error)") }
                #expect("\(error)".contains("watch/providers/tv"), "\(error)")
                #expect(!"\(error)".contains("\n") && !"\(error)".contains(SandboxServer.bearerToken))
            }
            #expect(
                !harness.server.requestLog().contains { $0.path.hasPrefix("/3/movie/") || $0.path.hasPrefix("/3/tv/") })
            let latest = (harness.output.path as NSString).appendingPathComponent("failing/providers/latest")
            #expect(FileSystem.symlinkTarget(latest) == nil)
        }
    }

    /// Answers 500 for one path, passes the rest to `inner`.
    struct FailingPath: HTTPTransport {
        let path: String
        let inner: CurlTransport

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard request.url.path == path else { return try await inner.send(request) }
            return HTTPResponse(status: 500, body: Data(#"{"status_code":11,"status_message":"Internal error."}"#.utf8))
        }
    }

    @Test(
        "images keep every language by default, null included, and only the job's imageLanguages when it narrows them")
    func imageLanguages() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            var narrowed = Self.job
            narrowed.name = "narrowed"
            narrowed.catalogue[0].imageLanguages = ["en", "null"]
            let every = try await harness.exporter(options: Self.options(harness, folder: "every")).run(Self.job)
            let few = try await harness.exporter(options: Self.options(harness, folder: "few")).run(narrowed)
            #expect(every.manifest.catalogue?.first?.imageLanguages == "every")
            #expect(few.manifest.catalogue?.first?.imageLanguages == "en,null")

            let ids = try Self.records(every.runDirectory, "movies").dropFirst().map { Int($0[0])! }
            var all: [[String]] = []
            for id in ids {
                // Neither language nor include_image_language: the sandbox, as TMDB, keeps every image.
                let answer = try await Self.json(harness.server, "/3/movie/\(id)?append_to_response=images")
                let images = answer["images"] as? [String: Any] ?? [:]
                for (key, kind) in [("backdrops", "backdrop"), ("logos", "logo"), ("posters", "poster")] {
                    for image in images[key] as? [[String: Any]] ?? [] {
                        let language = image["iso_639_1"] as? String ?? ""
                        all.append(["\(id)", kind, "\(image["file_path"]!)", language])
                    }
                }
            }
            let columns = { (run: String) in
                try Self.records(run, "movie_images").dropFirst().map { Array($0.prefix(4)) }
            }
            #expect(try columns(every.runDirectory) == all)
            let languages = Set(all.map { $0[3] })
            #expect(languages.contains("") && languages.contains("en") && languages.count > 2, "\(languages)")
            #expect(try columns(few.runDirectory) == all.filter { ["", "en"].contains($0[3]) })
        }
    }
}
