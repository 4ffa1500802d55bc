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
}
