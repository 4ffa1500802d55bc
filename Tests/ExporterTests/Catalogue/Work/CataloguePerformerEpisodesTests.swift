import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter

@Suite("A series' details and seasons fetched as one unit")
struct CataloguePerformerEpisodesTests {
    /// A series of specials and 26 seasons, one episode each; season requests answer as `seasonAnswer` says.
    final class SeriesServer: HTTPTransport {
        enum SeasonAnswer {
            case whole
            /// The request that asks for this season answers 404.
            case notFound(containing: Int)
            /// This season is left out of its request's answer.
            case leavesOut(Int)
        }

        let seasons = Array(0...26)
        let seasonAnswer: SeasonAnswer
        private let log = Mutex<[String]>([])

        init(_ seasonAnswer: SeasonAnswer) { self.seasonAnswer = seasonAnswer }

        var requests: [String] { log.withLock { $0 } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            log.withLock {
                $0.append(request.url.path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
            }
            let appended = query.first { $0.name == "append_to_response" }?.value ?? ""
            let asked = appended.split(separator: ",").compactMap { name in
                name.hasPrefix("season/") ? Int(name.dropFirst("season/".count)) : nil
            }
            let seasonList = seasons.map { "{\"season_number\":\($0),\"episode_count\":1}" }.joined(separator: ",")
            var body = "{\"id\":500,\"name\":\"Long\",\"seasons\":[\(seasonList)]"
            if case .notFound(let season) = seasonAnswer, asked.contains(season) {
                return HTTPResponse(
                    status: 404, body: Data(#"{"success":false,"status_code":34,"status_message":"Not found."}"#.utf8))
            }
            for season in asked {
                if case .leavesOut(season) = seasonAnswer { continue }
                body += ",\"season/\(season)\":{\"season_number\":\(season),\"episodes\":[{\"id\":\(70_000 + season),"
                body += "\"season_number\":\(season),\"episode_number\":1,\"name\":\"E\(season)\",\"vote_count\":0}]}"
            }
            return HTTPResponse(status: 200, body: Data((body + "}").utf8))
        }
    }

    static func perform(on server: SeriesServer) async -> CatalogueResult {
        let request = Job.CatalogueRequest(type: .tv, append: [.keywords, .episodes])
        let performer = CataloguePerformer(
            api: APIClient(
                baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: server,
                retryPolicy: RetryPolicy(maximumAttempts: 1)),
            language: "en-US", catalogues: [request],
            encoders: [CatalogueRowEncoder(type: .tv, appending: Set(request.append), csv: true, ndjson: false)],
            popularity: [ExportPopularity(ids: [500], values: [1.5])],
            answeredAt: { Date(timeIntervalSince1970: 0) }, posters: nil)
        return await performer.perform(CatalogueWork(catalogue: 0, position: 0, id: 500))
    }

    @Test("a series of specials and 26 seasons takes its details and two season requests of 20 and 7")
    func oneAndTwo() async throws {
        let server = SeriesServer(.whole)
        let result = await Self.perform(on: server)
        #expect(
            server.requests == [
                "/3/tv/500?append_to_response=keywords&language=en-US",
                "/3/tv/500?append_to_response=" + (0...19).map { "season/\($0)" }.joined(separator: ",")
                    + "&language=en-US",
                "/3/tv/500?append_to_response=" + (20...26).map { "season/\($0)" }.joined(separator: ",")
                    + "&language=en-US",
            ])
        guard case .rows(let rows, _) = result.outcome else {
            Issue.record("expected rows, got \(result.outcome)")
            return
        }
        let tables = CatalogueRowEncoder(type: .tv, appending: [.keywords, .episodes], csv: true, ndjson: false).tables
        let episodes = try #require(tables.firstIndex { $0.name == "tv_episodes" })
        #expect(rows.tables[episodes].count == 27)
        let ids = String(decoding: rows.tables[episodes].csv, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] }
        #expect(ids == (0...26).map { "\(70_000 + $0)"[...] })
    }

    @Test("a season request's 404 fails the series, naming the seasons, with no rows")
    func seasonNotFound() async {
        let result = await Self.perform(on: SeriesServer(.notFound(containing: 22)))
        guard case .failed(let reason) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(reason.hasPrefix("seasons 20–26: HTTP 404"))
    }

    @Test("a season missing from its answer fails the series, naming the season, after asking once more")
    func seasonLeftOut() async {
        let server = SeriesServer(.leavesOut(3))
        let result = await Self.perform(on: server)
        guard case .failed(let reason) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(reason.contains("season/3: missing from the answer"))
        #expect(server.requests.count == 3, "details, then the first season request twice: \(server.requests)")
    }
}
