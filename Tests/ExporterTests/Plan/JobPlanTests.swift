import TMDBAPI
import Testing

@testable import Exporter

@Suite("Planning a job")
struct JobPlanTests {
    @Test("counts pages, details and setup requests, and bounds all pages at 500 until resolved")
    func counts() {
        let job = Job(
            name: "p",
            requests: [
                .init(list: .topRated, pages: .range(1...10), details: true),
                .init(source: .tvList(.popular), pages: .all),
            ], posters: nil, concurrency: 8, rateLimit: 40)
        let plan = JobPlan(job: job)
        #expect(plan.setupRequests == 3)
        #expect(plan.lines[0].apiRequests == 10 * 21)
        #expect(plan.lines[1].apiRequests == nil)
        #expect(plan.lines[1].maximumAPIRequests == 500)
        #expect(plan.apiRequests == 3 + 210 + 500)
        #expect(!plan.isResolved)
        #expect(plan.maximumPosters == 0)
    }

    @Test("estimates time from the lower of the rate limit and concurrency over the round trip")
    func estimate() {
        let job = Job(name: "p", requests: [.init(list: .popular, pages: .range(1...98))], posters: nil, concurrency: 4)
        let limited = JobPlan(job: job, rateLimit: 10, assumedRoundTrip: .milliseconds(100))
        #expect(limited.estimatedDuration == .seconds(10))  // 100 requests at 10/s (the window allows 40/s)
        let windowBound = JobPlan(job: job, rateLimit: 0, assumedRoundTrip: .milliseconds(100))
        #expect(windowBound.estimatedDuration == .milliseconds(2500))  // 100 requests at 4 / 0.1 s
    }
}
