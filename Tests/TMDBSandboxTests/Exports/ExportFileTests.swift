import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Daily ID export files", .timeLimit(.minutes(15)))
struct ExportFileTests {
    /// 2024-05-16 at 09:30 UTC: the 16th's files are out.
    static let morning = Date(timeIntervalSince1970: 19_859 * 86_400 + 9.5 * 3_600)
    static let sizes = options {
        $0.catalogueSize = 12_000
        $0.seriesCatalogueSize = 3_000
        $0.now = { morning }
    }

    /// GETs an export file without credentials; its lines when the answer is 200.
    static func download(_ server: SandboxServer, _ name: String) throws -> (
        response: RawHTTPConnection.Response, lines: [String]
    ) {
        let connection = try RawHTTPConnection(port: server.port)
        var response = try connection.get("/p/exports/\(name)", authorized: false, toHead: true)
        guard response.status == 200 else { return (response, []) }
        response.body = try connection.readChunkedBody()
        let text = String(decoding: try #require(gunzip(response.body)), as: UTF8.self)
        return (response, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test("serve gzip files, chunked, as application/octet-stream without Content-Encoding or credentials")
    func headers() async throws {
        try await withSandbox(Self.sizes) { server in
            let (response, lines) = try Self.download(server, "movie_ids_05_15_2024.json.gz")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/octet-stream")
            #expect(response.headers["transfer-encoding"] == "chunked")
            #expect(response.headers["content-encoding"] == nil)
            #expect(response.headers["content-length"] == nil)
            #expect(lines.last == "")
        }
    }

    @Test("list every id once, adult ones only in the adult file", arguments: CatalogueMediaType.allCases)
    func adultSplit(type: CatalogueMediaType) async throws {
        try await withSandbox(Self.sizes) { server in
            let day = ExportDay(isoDate: "2024-05-15")!
            let plainName = SandboxCatalogueUniverse.exportFileName(type, adult: false, on: day)
            let adultName = SandboxCatalogueUniverse.exportFileName(type, adult: true, on: day)
            let parsed = try #require(ExportFileName(adultName))
            #expect(parsed.type == type && parsed.adult && parsed.day == day && parsed.fileName == adultName)
            let plain = try Self.ids(Self.download(server, plainName).lines)
            let adult = try Self.ids(Self.download(server, adultName).lines)
            #expect(Set(plain).count == plain.count)
            #expect(Set(adult).count == adult.count)
            #expect(Set(plain).isDisjoint(with: adult))
            #expect(plain.count + adult.count == server.universe.idSpace(type).size)
            #expect(!adult.isEmpty)
            #expect(plain.sorted() == server.universe.ids(type, on: day, adult: false))
            #expect(adult.sorted() == server.universe.ids(type, on: day, adult: true))
            #expect(adult.allSatisfy { server.universe.isAdult(type, id: $0) })
        }
    }

    @Test("write movie lines exactly as TMDB does")
    func movieLines() async throws {
        try await withSandbox(Self.sizes) { server in
            let lines = try Self.download(server, "movie_ids_05_15_2024.json.gz").lines.dropLast()
            let movie = try #require(
                SandboxCatalogue.shared.movies.dropFirst(100).first {
                    !$0.adult && $0.originalTitle.allSatisfy { $0.isLetter || $0 == " " }
                })
            let expected =
                "{\"adult\":false,\"id\":\(movie.id),\"original_title\":\"\(movie.originalTitle)\","
                + "\"popularity\":\(movie.popularity),\"video\":false}"
            let found = lines.contains(expected)
            #expect(found, "\(expected)")
            for line in lines {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
                #expect(Set(object.keys) == ["adult", "id", "original_title", "popularity", "video"])
                #expect(object["adult"] as? Bool == false)
            }
        }
    }

    @Test("write series lines with id, original_name and popularity only")
    func seriesLines() async throws {
        try await withSandbox(Self.sizes) { server in
            let lines = try Self.download(server, "tv_series_ids_05_15_2024.json.gz").lines.dropLast()
            for line in lines {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
                #expect(Set(object.keys) == ["id", "original_name", "popularity"])
            }
            #expect(lines.contains { $0.contains("\\\"") || $0.contains("\\n") || $0.utf8.contains { $0 >= 0x80 } })
        }
    }

    @Test("put lines only roughly in id order, the order changing with the day")
    func roughOrder() async throws {
        try await withSandbox(Self.sizes) { server in
            let first = try Self.ids(Self.download(server, "movie_ids_05_15_2024.json.gz").lines)
            let second = try Self.ids(Self.download(server, "movie_ids_05_14_2024.json.gz").lines)
            #expect(first != first.sorted())
            #expect(first != second)
            #expect(first.sorted() == second.sorted())
            // Roughly: no id is more than four blocks of slots away from its sorted place.
            let sorted = first.sorted()
            let place = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            let displacement = first.enumerated().map { offset, id in abs(place[id]! - offset) }
            #expect(displacement.max()! < 4 * ExportLineOrder.blockSize)
        }
    }

    @Test(
        "publish a day's file at 08:00 UTC and keep it for 90 days",
        arguments: [
            ("2024-05-16", 7.99, 404), ("2024-05-16", 8.0, 200), ("2024-05-15", 0.5, 200), ("2024-05-17", 23.0, 404),
            ("2024-02-17", 12.0, 200), ("2024-02-16", 12.0, 404),
        ])
    func availability(day: String, hour: Double, status: Int) async throws {
        let now = Date(timeIntervalSince1970: 19_859 * 86_400 + hour * 3_600)
        let configured = options {
            $0.catalogueSize = 100
            $0.now = { now }
        }
        try await withSandbox(configured) { server in
            let stamp = ExportDay(isoDate: day)!.fileStamp
            let movies = try Self.download(server, "movie_ids_\(stamp).json.gz").response
            let series = try Self.download(server, "tv_series_ids_\(stamp).json.gz").response
            #expect(movies.status == status)
            #expect(series.status == status)
        }
    }

    @Test("answer 404 for the missing days it is told of, and for other kinds of export")
    func missingDays() async throws {
        var configured = Self.sizes
        configured.faults.missingExportDays = ["2024-05-15"]
        try await withSandbox(configured) { server in
            let missing = try Self.download(server, "movie_ids_05_15_2024.json.gz").response
            let missingAdult = try Self.download(server, "adult_tv_series_ids_05_15_2024.json.gz").response
            let dayBefore = try Self.download(server, "movie_ids_05_14_2024.json.gz").response
            let personBefore = try Self.download(server, "person_ids_05_14_2024.json.gz").response
            #expect(personBefore.status == 200)
            #expect(missing.status == 404)
            #expect(missingAdult.status == 404)
            #expect(dayBefore.status == 200)
            for name in [
                "person_ids_05_15_2024.json.gz", "collection_ids_05_14_2024.json.gz", "movie_ids_05_14_2024.json",
                "movie_ids_2024_05_14.json.gz", "movie_ids_02_30_2024.json.gz",
            ] {
                let response = try Self.download(server, name).response
                #expect(response.status == 404, "\(name)")
            }
        }
    }

    static func ids(_ lines: [String]) throws -> [Int] {
        try lines.filter { !$0.isEmpty }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["id"] as? Int)
        }
    }
}
