import Testing

@testable import TMDBSandbox

@Suite("The rate limiter's token bucket")
struct TokenBucketTests {
    let start = ContinuousClock.now

    @Test("allows a burst of one second's worth, then asks to retry after at least a second")
    func burstThenRefuse() throws {
        var bucket = try #require(TokenBucket(rate: 4, now: start))
        for _ in 0..<4 {
            #expect(bucket.take(now: start) == nil)
        }
        #expect(bucket.take(now: start) == 1)
    }

    @Test("refills at its rate")
    func refills() throws {
        var bucket = try #require(TokenBucket(rate: 2, now: start))
        _ = bucket.take(now: start)
        _ = bucket.take(now: start)
        #expect(bucket.take(now: start + .milliseconds(100)) == 1)
        #expect(bucket.take(now: start + .milliseconds(600)) == nil)
    }

    @Test("rounds a long wait up to whole seconds")
    func longWait() throws {
        var bucket = try #require(TokenBucket(rate: 0.25, now: start))
        #expect(bucket.take(now: start) == nil)
        #expect(bucket.take(now: start) == 4)
        #expect(bucket.take(now: start + .seconds(1.5)) == 3)
    }

    @Test("is absent for a rate that is not a positive number", arguments: [0, -1, Double.infinity, .nan])
    func noLimit(rate: Double) {
        #expect(TokenBucket(rate: rate, now: start) == nil)
    }
}
