import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("IDExportFile: TMDB's file names, and the credential-free endpoint that fetches one")
struct IDExportFileTests {
    @Test(
        "names the file as TMDB does: type, adult prefix, MM_DD_YYYY",
        arguments: [
            (CatalogueType.movie, false, "2026-11-23", "movie_ids_11_23_2026.json.gz"),
            (.tv, false, "2026-01-05", "tv_series_ids_01_05_2026.json.gz"),
            (.movie, true, "2026-02-28", "adult_movie_ids_02_28_2026.json.gz"),
            (.tv, true, "2025-12-31", "adult_tv_series_ids_12_31_2025.json.gz"),
        ])
    func fileName(type: CatalogueType, adult: Bool, day: String, name: String) throws {
        let file = IDExportFile(type: type, adult: adult, day: try #require(ExportDay(day)))
        #expect(file.fileName == name)
    }

    @Test("builds the file's URL under the files base URL, with no credentials even on a client that has some")
    func endpointURL() throws {
        let file = IDExportFile(type: .movie, adult: false, day: try #require(ExportDay("2026-11-23")))
        let client = APIClient(baseURL: TMDB.filesBaseURL, credentials: nil, transport: NeverCalled())
        let request = try client.request(for: TMDB.ExportFile(file))
        #expect(request.url.absoluteString == "https://files.tmdb.org/p/exports/movie_ids_11_23_2026.json.gz")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("refuses to decode a file into memory")
    func neverDecoded() throws {
        let file = IDExportFile(type: .tv, adult: false, day: try #require(ExportDay("2026-11-23")))
        #expect(throws: UnacceptableBody.self) {
            _ = try TMDB.ExportFile(file).decodeResponse(HTTPResponse(status: 200, body: Data([0x1F, 0x8B])))
        }
    }
}

/// A transport for tests that build requests without sending them.
private struct NeverCalled: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        Issue.record("no request is sent in this test")
        return HTTPResponse(status: 500)
    }
}
