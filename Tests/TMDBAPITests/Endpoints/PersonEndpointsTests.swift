import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("The person vocabulary: details, change feed, export file")
struct PersonEndpointsTests {
    let client = APIClient(baseURL: TMDB.apiBaseURL, credentials: nil, transport: NoTransport())

    struct NoTransport: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
    }

    @Test("asks for a person's details with combined credits and external ids appended, in that order")
    func details() throws {
        let endpoint = TMDB.Details<Data>(type: .person, id: 287, appending: AppendedResource.supported(by: .person))
        #expect(
            client.url(for: endpoint)?.absoluteString
                == "https://api.themoviedb.org/3/person/287?append_to_response=combined_credits%2Cexternal_ids&language=en-US"
        )
        let bare = TMDB.Details<Data>(type: .person, id: 1, language: "de-DE")
        #expect(client.url(for: bare)?.absoluteString == "https://api.themoviedb.org/3/person/1?language=de-DE")
    }

    @Test("keeps a details answer's body as received")
    func detailsBody() throws {
        let body = Data(#"{"id":287}"#.utf8)
        #expect(
            try TMDB.Details<Data>(type: .person, id: 287).decodeResponse(HTTPResponse(status: 200, body: body)) == body
        )
    }

    @Test("pages the person change feed with the movie feed's dates and page")
    func changes() throws {
        let endpoint = TMDB.Changes(
            type: .person, start: try #require(ExportDay("2026-11-20")), end: try #require(ExportDay("2026-11-26")),
            page: 3)
        #expect(
            client.url(for: endpoint)?.absoluteString
                == "https://api.themoviedb.org/3/person/changes?start_date=2026-11-20&end_date=2026-11-26&page=3")
    }

    @Test(
        "names the person export as TMDB does",
        arguments: [
            (false, "2026-11-23", "person_ids_11_23_2026.json.gz"),
            (true, "2025-01-05", "adult_person_ids_01_05_2025.json.gz"),
        ])
    func exportFile(adult: Bool, day: String, name: String) throws {
        #expect(IDExportFile(type: .person, adult: adult, day: try #require(ExportDay(day))).fileName == name)
    }

    @Test("offers combined_credits to people only: movies and series keep their own credits")
    func appendable() {
        #expect(AppendedResource.supported(by: .person) == [.combinedCredits, .externalIDs])
        for type in CatalogueType.allCases where type != .person {
            #expect(!AppendedResource.supported(by: type).contains(.combinedCredits))
        }
    }
}
