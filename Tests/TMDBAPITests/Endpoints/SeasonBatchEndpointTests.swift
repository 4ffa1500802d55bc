import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Season batch endpoint")
struct SeasonBatchEndpointTests {
    struct NoTransport: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
    }

    let client = APIClient(baseURL: TMDB.apiBaseURL, credentials: nil, transport: NoTransport())

    @Test("asks for the seasons as season/N appended to the series' details")
    func url() {
        let endpoint = TMDB.SeasonBatch(seriesID: 1399, seasons: [0, 1, 2], language: "de-DE")
        #expect(
            client.url(for: endpoint)?.absoluteString.removingPercentEncoding
                == "https://api.themoviedb.org/3/tv/1399?append_to_response=season/0,season/1,season/2&language=de-DE")
    }

    @Test("splits a series of 27 seasons and specials into 20 and 8, in the details' order")
    func batches() {
        let seasons = Array(0...27)
        let batches = TMDB.SeasonBatch.batches(seriesID: 7, seasons: seasons, language: "en-US")
        #expect(batches.map(\.seasons) == [Array(0...19), Array(20...27)])
        #expect(TMDB.SeasonBatch.requests(seasonCount: 28) == 2)
        #expect(TMDB.SeasonBatch.requests(seasonCount: 20) == 1)
        #expect(TMDB.SeasonBatch.requests(seasonCount: 0) == 0)
        #expect(TMDB.SeasonBatch.batches(seriesID: 7, seasons: [], language: "en-US").isEmpty)
    }

    @Test("leaves episodes out of the details request's append_to_response")
    func detailsLeaveEpisodesOut() {
        let details = TMDB.Details<Data>(type: .tv, id: 1399, appending: [.keywords, .episodes])
        #expect(
            client.url(for: details)?.absoluteString.removingPercentEncoding
                == "https://api.themoviedb.org/3/tv/1399?append_to_response=keywords&language=en-US")
        let only = TMDB.Details<Data>(type: .tv, id: 1399, appending: [.episodes])
        #expect(client.url(for: only)?.absoluteString == "https://api.themoviedb.org/3/tv/1399?language=en-US")
    }
}
