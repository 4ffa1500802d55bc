import TMDBAPI
import Testing

@testable import Exporter

@Suite("The watch_providers table")
struct WatchProviderRunTests {
    @Test("unites the movie and tv lists by provider_id, the movie list's entry of an id first, in id order")
    func united() {
        let movie = WatchProviderList(results: [
            .init(id: 337, name: "Disney Plus", logoPath: "/d.jpg"), .init(id: 8, name: "Netflix", logoPath: "/n.jpg"),
            .init(id: 11, name: "MUBI"),
        ])
        let tv = WatchProviderList(results: [
            .init(id: 8, name: "Netflix (series)", logoPath: "/other.jpg"), .init(id: 2, name: "Apple TV"),
        ])
        #expect(
            WatchProviderRun.united([movie, tv]) == [
                .init(id: 2, name: "Apple TV"), .init(id: 8, name: "Netflix", logoPath: "/n.jpg"),
                .init(id: 11, name: "MUBI"), .init(id: 337, name: "Disney Plus", logoPath: "/d.jpg"),
            ])
        #expect(WatchProviderRun.united([]).isEmpty)
    }

    @Test("is needed only by a job one of whose catalogues appends watch/providers")
    func needed() {
        let without = Job(
            name: "j", requests: [], catalogue: [.init(type: .movie, append: [.images]), .init(type: .person)])
        var with = without
        with.catalogue[0].append.append(.watchProviders)
        #expect(!WatchProviderRun.isNeeded(by: without))
        #expect(WatchProviderRun.isNeeded(by: with))
    }
}
