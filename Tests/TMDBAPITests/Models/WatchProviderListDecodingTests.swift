import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Decoding the watch-provider lists")
struct WatchProviderListDecodingTests {
    @Test(
        "repairs a lone surrogate or a NUL in a provider's name to U+FFFD and counts it, instead of failing the list",
        arguments: [
            (#"Net\ud800flix"#, "Net\u{FFFD}flix", 1), (#"Net\u0000flix"#, "Net\u{FFFD}flix", 1),
            ("Netflix", "Netflix", 0),
        ])
    func repairs(name: String, expected: String, repaired: Int) throws {
        let body = #"{"results":[{"provider_id":8,"provider_name":""# + name + #"","logo_path":"/n.jpg"}]}"#
        let list = try TMDB.WatchProviders(type: .movie).decodeResponse(
            HTTPResponse(status: 200, body: Data(body.utf8)))
        #expect(list.results == [WatchProviderList.Provider(id: 8, name: expected, logoPath: "/n.jpg")])
        #expect(list.repairedStrings == repaired)
    }
}
