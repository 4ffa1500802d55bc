import Exporter
import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@Suite(
    "IDExportDownload: export files fetched into the run over loopback, one day's fallback, resumed runs reuse",
    .timeLimit(.minutes(15)))
struct IDExportDownloadTests {
    /// 2026-11-23 at 09:00 UTC: that day's files are published.
    static let morning = ISO8601DateFormatter().date(from: "2026-11-23T09:00:00Z")!
    static let movies = Gzip.compress(Array("{\"adult\":false,\"id\":3924,\"popularity\":2.4}\n".utf8))
    static let adultMovies = Gzip.compress(Array("{\"adult\":true,\"id\":77,\"popularity\":1}\n".utf8))

    /// A server that serves `files` (by name under `/p/exports/`) and answers 404 for anything else.
    static func withFiles<T>(_ files: [String: [UInt8]], _ body: (HostileServer, APIClient) async throws -> T)
        async throws -> T
    {
        let script: @Sendable (HostileServer.Request) -> HostileServer.Behavior = { request in
            let name = String(request.target.dropFirst("/p/exports/".count))
            guard let bytes = files[name] else { return .respond(status: 404, body: Array("Not Found".utf8)) }
            return .respond(status: 200, headers: [.init("Content-Type", "application/octet-stream")], body: bytes)
        }
        return try await HostileServer.with(script: script) { server in
            let client = APIClient(
                baseURL: server.baseURL.appendingPathComponent("p/exports"), credentials: nil,
                transport: CurlTransport(), retryPolicy: RetryPolicy(maximumAttempts: 2), sleep: { _ in })
            return try await body(server, client)
        }
    }

    static func fetch(
        _ date: IDExportDate, adult: Bool = false, now: Date = morning, into directory: TemporaryDirectory,
        client: APIClient
    ) async throws(ExportError) -> IDExportDownload {
        try await IDExportDownload.fetch(
            .movie, adult: adult, date: date, now: now, into: directory.path + "/ids", client: client,
            lineLimit: ExportLineLimit(.movie))
    }

    static func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map(Array.init) }

    /// The names in the folder, temporary ones included.
    static func names(_ directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path + "/ids")) ?? []).sorted()
    }

    @Test("downloads today's file after 08:00 UTC into the folder under its TMDB name")
    func latestToday() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.withFiles(["movie_ids_11_23_2026.json.gz": Self.movies]) { server, client in
            let download = try await Self.fetch(.latest, into: directory, client: client)
            #expect(download.day == ExportDay("2026-11-23"))
            #expect(download.fellBackFrom == nil)
            #expect(download.files.map(\.reused) == [false])
            #expect(download.files.first?.byteCount == Self.movies.count)
            #expect(Self.contents(directory.path + "/ids/movie_ids_11_23_2026.json.gz") == Self.movies)
            #expect(Self.names(directory) == ["movie_ids_11_23_2026.json.gz"])
            #expect(server.requests.map(\.target) == ["/p/exports/movie_ids_11_23_2026.json.gz"])
        }
    }

    @Test("falls back one day when latest's file is missing, and says from which day")
    func fallsBackOneDay() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 07:30 UTC on the 1st of March: latest is the 28th of February, missing; the 27th is there.
        let early = ISO8601DateFormatter().date(from: "2026-03-01T07:30:00Z")!
        try await Self.withFiles(["movie_ids_02_27_2026.json.gz": Self.movies]) { server, client in
            let download = try await Self.fetch(.latest, now: early, into: directory, client: client)
            #expect(download.day == ExportDay("2026-02-27"))
            #expect(download.fellBackFrom == ExportDay("2026-02-28"))
            #expect(download.files.map(\.path) == [directory.path + "/ids/movie_ids_02_27_2026.json.gz"])
            #expect(
                server.requests.map(\.target) == [
                    "/p/exports/movie_ids_02_28_2026.json.gz", "/p/exports/movie_ids_02_27_2026.json.gz",
                ])
        }
    }

    @Test("falls back no further than one day: then the error names the older day's URL and the 404")
    func fallsBackOnlyOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.withFiles([:]) { server, client in
            let error = await Self.failure { () throws(ExportError) in
                _ = try await Self.fetch(.latest, into: directory, client: client)
            }
            let url = "\(server.baseURL)/p/exports/movie_ids_11_22_2026.json.gz"
            guard case .idExportDownload(url, let clientError)? = error else {
                Issue.record("expected a download error for \(url), got \(String(describing: error))")
                return
            }
            #expect(clientError.httpStatus == 404)
            #expect(error?.description.hasPrefix("no ID export file at \(url) (HTTP 404)") == true)
            #expect(server.requests.count == 2)
            #expect(Self.names(directory).isEmpty)
        }
    }

    @Test("does not fall back for a day asked for by date: its 404 is an error naming its URL")
    func explicitDayMissing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.withFiles(["movie_ids_11_22_2026.json.gz": Self.movies]) { server, client in
            let error = await Self.failure { () throws(ExportError) in
                _ = try await Self.fetch(.day(ExportDay("2026-11-23")!), into: directory, client: client)
            }
            guard case .idExportDownload(let url, let clientError)? = error else {
                Issue.record("expected a download error, got \(String(describing: error))")
                return
            }
            #expect(url == "\(server.baseURL)/p/exports/movie_ids_11_23_2026.json.gz")
            #expect(clientError.httpStatus == 404)
            #expect(server.requests.count == 1)
        }
    }

    @Test("fetches the adult file of the same day when adult items are asked for")
    func adultFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [
            "movie_ids_11_23_2026.json.gz": Self.movies, "adult_movie_ids_11_23_2026.json.gz": Self.adultMovies,
        ]
        try await Self.withFiles(files) { _, client in
            let download = try await Self.fetch(
                .day(ExportDay("2026-11-23")!), adult: true, into: directory, client: client)
            #expect(download.files.map(\.file.adult) == [false, true])
            #expect(Self.contents(download.files[1].path) == Self.adultMovies)
            let selection = try IDSelection.select(
                from: download.files.map(\.path), filters: .init(adult: true), lineLimit: ExportLineLimit(.movie))
            #expect(selection.ids == [77, 3924])
        }
    }

    @Test("reuses a complete file already in the folder without a request; downloads a damaged one again")
    func resume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = "movie_ids_11_23_2026.json.gz"
        try FileManager.default.createDirectory(atPath: directory.path + "/ids", withIntermediateDirectories: true)
        try Data(Self.movies).write(to: URL(fileURLWithPath: directory.path + "/ids/" + name))
        try await Self.withFiles([name: Self.movies]) { server, client in
            let download = try await Self.fetch(.latest, into: directory, client: client)
            #expect(download.files.map(\.reused) == [true])
            #expect(server.requests.isEmpty)
        }
        try Data(Self.movies.dropLast(3)).write(to: URL(fileURLWithPath: directory.path + "/ids/" + name))
        try await Self.withFiles([name: Self.movies]) { server, client in
            let download = try await Self.fetch(.latest, into: directory, client: client)
            #expect(download.files.map(\.reused) == [false])
            #expect(server.requests.count == 1)
            #expect(Self.contents(directory.path + "/ids/" + name) == Self.movies)
        }
    }

    @Test("never leaves a damaged download under the final name, nor its temporary file")
    func damagedDownload() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var damaged = Self.movies
        damaged[damaged.count - 6] ^= 0x10
        try await Self.withFiles(["movie_ids_11_23_2026.json.gz": damaged]) { server, client in
            let error = await Self.failure { () throws(ExportError) in
                _ = try await Self.fetch(.latest, into: directory, client: client)
            }
            guard case .badIDExport(let file, let line, let reason)? = error else {
                Issue.record("expected a bad export error, got \(String(describing: error))")
                return
            }
            #expect(file == "\(server.baseURL)/p/exports/movie_ids_11_23_2026.json.gz")
            #expect(line == 2)
            #expect(reason.contains("CRC-32"))
            #expect(Self.names(directory).isEmpty)
        }
    }

    static func failure(_ body: () async throws(ExportError) -> Void) async -> ExportError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}
