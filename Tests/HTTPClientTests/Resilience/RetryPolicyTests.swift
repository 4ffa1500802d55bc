import Foundation
import HTTPClient
import Testing

@Suite("Retry policy")
struct RetryPolicyTests {
    let policy = RetryPolicy()

    @Test("has readable defaults: 5 attempts, 0.5 s doubling, capped at 30 s, one retry for a bad body")
    func defaults() {
        #expect(policy.maximumAttempts == 5)
        #expect(policy.baseDelay == .milliseconds(500))
        #expect(policy.maximumDelay == .seconds(30))
        #expect(policy.undecodableBodyRetries == 1)
        #expect(Set(RetryPolicy.retryableStatuses.keys) == [408, 429, 500, 502, 503, 504])
    }

    @Test(
        "backs off exponentially with full jitter, capped",
        arguments: [
            (1, 1.0, Duration.milliseconds(500)), (2, 1.0, .seconds(1)), (3, 1.0, .seconds(2)), (4, 0.5, .seconds(2)),
            (10, 1.0, .seconds(30)), (3, 0.0, .zero),
        ])
    func backoff(attempt: Int, random: Double, expected: Duration) {
        #expect(policy.delay(afterAttempt: attempt, random: random) == expected)
    }

    @Test("prefers Retry-After to backoff and caps it")
    func retryAfterWins() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: "7", random: 1) == .seconds(7))
        #expect(policy.delay(afterAttempt: 1, retryAfter: "100000", random: 1) == .seconds(120))
        #expect(policy.delay(afterAttempt: 1, retryAfter: "soon", random: 1) == .milliseconds(500))
    }

    @Test("parses Retry-After as seconds or an HTTP date, and a past date as no wait")
    func parsesRetryAfter() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(RetryPolicy.parseRetryAfter("12", now: now) == .seconds(12))
        #expect(RetryPolicy.parseRetryAfter(" 0 ", now: now) == .zero)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(
            RetryPolicy.parseRetryAfter(formatter.string(from: now.addingTimeInterval(90)), now: now) == .seconds(90))
        #expect(RetryPolicy.parseRetryAfter(formatter.string(from: now.addingTimeInterval(-90)), now: now) == .zero)
        #expect(RetryPolicy.parseRetryAfter("-3", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("tomorrow", now: now) == nil)
    }

    @Test(
        "ignores a Retry-After that is neither delta-seconds nor an HTTP date, and does not crash on it",
        arguments: ["1e17", "1.5", "-3", "+5", "", "  ", "0x10", "3 s", "9" + String(repeating: "9", count: 80)])
    func ignoresGarbage(header: String) {
        #expect(RetryPolicy.parseRetryAfter(header) == nil)
        #expect(policy.delay(afterAttempt: 1, retryAfter: header, random: 1) == .milliseconds(500), "backoff instead")
    }

    @Test(
        "holds Retry-After to the cap however far off it is, and says it did",
        arguments: ["999999", "9223372036854775807", "99999999999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"])
    func capsRetryAfter(header: String) throws {
        let retryAfter = try #require(policy.retryAfter(header))
        #expect(retryAfter.wait == .seconds(120))
        #expect(retryAfter.isClamped)
        #expect(retryAfter.requested > .seconds(120))
        #expect(policy.delay(afterAttempt: 1, retryAfter: header, random: 1) == .seconds(120))
    }

    @Test("holds an HTTP date a day ahead to the cap, and keeps a value under it as it is")
    func capsADayAhead() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let tomorrow = try #require(policy.retryAfter(formatter.string(from: now.addingTimeInterval(86_400)), now: now))
        #expect(tomorrow.requested == .seconds(86_400) && tomorrow.wait == .seconds(120))
        let short = try #require(RetryPolicy(maximumRetryAfter: .seconds(5)).retryAfter("3", now: now))
        #expect(short.wait == .seconds(3) && !short.isClamped)
        #expect(RetryPolicy(maximumRetryAfter: .seconds(5)).delay(afterAttempt: 1, retryAfter: "60") == .seconds(5))
    }

    @Test("bounds one request by attempts × (timeout + the longest wait between attempts)")
    func longestRequest() {
        #expect(policy.longestWait == .seconds(120))
        #expect(policy.longestRequest(timeout: .seconds(30)) == .seconds(750))
        let short = RetryPolicy(maximumAttempts: 3, maximumDelay: .seconds(30), maximumRetryAfter: .seconds(10))
        #expect(short.longestRequest(timeout: .seconds(5)) == .seconds(105))
    }

    @Test("retries transient transport failures and lists a reason for every libcurl code it retries")
    func transportFailures() {
        let url = URL(string: "http://x")!
        #expect(policy.isRetryable(TransportError(kind: .timedOut, url: url, reason: "")))
        #expect(policy.isRetryable(TransportError(kind: .connectionLost, curlCode: 18, url: url, reason: "")))
        #expect(!policy.isRetryable(TransportError(kind: .cancelled, url: url, reason: "")))
        #expect(!policy.isRetryable(TransportError(kind: .other, curlCode: 3, url: url, reason: "")))
        #expect(policy.isRetryable(TransportError(kind: .other, curlCode: 8, url: url, reason: "")))
        #expect(RetryPolicy.retryableCurlCodes.values.allSatisfy { !$0.isEmpty })
        #expect(RetryPolicy.retryableCurlCodes[18] != nil, "a body cut short (CURLE_PARTIAL_FILE) is retried")
    }
}
