import TMDBAPI
import Testing

@testable import Exporter

@Suite("Planning a catalogue")
struct CataloguePlanTests {
    @Test("counts one request per id: the limit when set, TMDB's export size otherwise, and no setup requests")
    func requestsPerID() {
        let sample = JobPlan(
            job: Job(
                name: "c", requests: [],
                catalogue: [
                    Job.CatalogueRequest(type: .movie, limit: 500), Job.CatalogueRequest(type: .tv, limit: 100),
                ]),
            concurrency: 16, rateLimit: 40)
        #expect(sample.setupRequests == 0)
        #expect(sample.apiRequests == 600 && sample.isResolved)
        #expect(sample.estimatedDuration == .seconds(15))

        let whole = JobPlan(
            job: Job(name: "c", requests: [], catalogue: [Job.CatalogueRequest(type: .movie)]), concurrency: 20,
            rateLimit: 40)
        #expect(!whole.isResolved)
        #expect(whole.apiRequests == JobPlan.CatalogueLine.typicalExportSize(.movie))
        // 1.3 million ids at 40 requests/s: about nine hours.
        #expect(whole.estimatedDuration == .seconds(32_500))
    }

    @Test("counts the two provider lists once for a job appending watch/providers, and no request per title for them")
    func watchProviders() {
        let job = { (append: [AppendedResource]) in
            Job(
                name: "c", requests: [],
                catalogue: [
                    Job.CatalogueRequest(type: .movie, append: append, limit: 500),
                    Job.CatalogueRequest(type: .tv, append: append, limit: 100),
                ])
        }
        let plain = JobPlan(job: job([.images]), concurrency: 16, rateLimit: 40)
        let providers = JobPlan(job: job([.images, .watchProviders]), concurrency: 16, rateLimit: 40)
        #expect(plain.watchProviderRequests == 0 && plain.apiRequests == 600)
        #expect(providers.watchProviderRequests == 2 && providers.apiRequests == 602)
    }

    @Test("plans each incremental night's refresh: an even slice of the oldest rows and the top's discover pages")
    func nightlyRefresh() {
        let whole = JobPlan(
            job: Job(name: "c", requests: [], catalogue: [Job.CatalogueRequest(type: .movie)]), concurrency: 20,
            rateLimit: 40)
        let line = whole.catalogueLines[0]
        // 1.3 million ids within 30 days: 43,334 a night; the 10,000 most popular on TMDB's 500 pages.
        #expect(line.nightlyRefetches == 43_334)
        #expect(line.nightlyDiscoverPages == 500)

        let tuned = JobPlan(
            job: Job(
                name: "c", requests: [],
                catalogue: [
                    Job.CatalogueRequest(
                        type: .tv, limit: 100_000, refresh: Job.RefreshSettings(maxAgeDays: 7, top: 2_000)),
                    Job.CatalogueRequest(type: .movie, limit: 50, refresh: Job.RefreshSettings(maxAgeDays: 0, top: 0)),
                ]),
            concurrency: 20, rateLimit: 40)
        #expect(tuned.catalogueLines.map(\.nightlyRefetches) == [14_286, 0])
        #expect(tuned.catalogueLines.map(\.nightlyDiscoverPages) == [100, 0])
        // Beyond TMDB's 500 pages, release-date windows: 50,000 ids are 2,500 pages.
        let wide = JobPlan(
            job: Job(
                name: "c", requests: [],
                catalogue: [Job.CatalogueRequest(type: .movie, refresh: Job.RefreshSettings(top: 50_000))]),
            concurrency: 20, rateLimit: 40)
        #expect(wide.catalogueLines[0].nightlyDiscoverPages == 2_500)
    }
}
