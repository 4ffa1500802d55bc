import Foundation
import TMDBAPI
import Testing

@Suite("Watch providers in catalogue records")
struct WatchOfferDecodingTests {
    @Test("flattens countries, kinds and providers in the answer's order, each offer with its country's link")
    func order() throws {
        let movie = try CatalogueDecoding.movie(
            Data(
                #"{"id":550,"watch/providers":{"id":550,"results":{"US":{"link":"https://t/US","buy":[{"logo_path":"/b.jpg","provider_id":2,"provider_name":"Apple TV","display_priority":5}],"flatrate":[{"provider_id":8,"provider_name":"Netflix","display_priority":0},{"provider_id":9,"provider_name":"Amazon Prime Video","display_priority":1}]},"BR":{"ads":[{"provider_id":73,"provider_name":"Tubi TV","display_priority":12}],"link":"https://t/BR"}}}}"#
                    .utf8))
        #expect(
            movie.watchOffers == [
                .init(
                    country: "US", kind: .buy, providerID: 2, providerName: "Apple TV", displayPriority: 5,
                    link: "https://t/US"),
                .init(
                    country: "US", kind: .flatrate, providerID: 8, providerName: "Netflix", displayPriority: 0,
                    link: "https://t/US"),
                .init(
                    country: "US", kind: .flatrate, providerID: 9, providerName: "Amazon Prime Video",
                    displayPriority: 1, link: "https://t/US"),
                // The link after the kinds still reaches them.
                .init(
                    country: "BR", kind: .ads, providerID: 73, providerName: "Tubi TV", displayPriority: 12,
                    link: "https://t/BR"),
            ])
    }

    @Test(
        "gives nothing for a country with only its link, missing or empty kinds, a null answer or no results; skips a kind TMDB may add"
    )
    func quirks() throws {
        let series = try CatalogueDecoding.series(
            Data(
                #"{"id":1399,"watch/providers":{"results":{"AU":{"link":"https://t/AU"},"CA":{"link":"https://t/CA","rent":[],"cinema":[{"provider_id":1}]},"DE":{"free":[{"provider_id":300}]}}}}"#
                    .utf8))
        #expect(series.watchOffers == [.init(country: "DE", kind: .free, providerID: 300)])
        #expect(try CatalogueDecoding.series(Data(#"{"id":1,"watch/providers":null}"#.utf8)).watchOffers.isEmpty)
        #expect(try CatalogueDecoding.series(Data(#"{"id":1,"watch/providers":{"id":1}}"#.utf8)).watchOffers.isEmpty)
        #expect(try CatalogueDecoding.movie(Data(#"{"id":1}"#.utf8)).watchOffers.isEmpty)
    }

    @Test("fails with the key path on a provider list that is not an array")
    func wrongKind() {
        #expect(
            CatalogueDecoding.movieError(
                #"{"id":1,"watch/providers":{"results":{"US":{"flatrate":{"provider_id":8}}}}}"#)?
                .path == "watch/providers.results.US.flatrate")
    }
}
