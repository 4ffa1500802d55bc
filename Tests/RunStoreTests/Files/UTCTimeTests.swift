import Foundation
import Testing

@testable import RunStore

@Suite("UTC timestamps for run ids and manifests")
struct UTCTimeTests {
    @Test(
        "formats known moments in both forms",
        arguments: [
            (0.0, "19700101T000000Z", "1970-01-01T00:00:00Z"),
            (1_795_312_800, "20261122T020000Z", "2026-11-22T02:00:00Z"),
            (951_782_400, "20000229T000000Z", "2000-02-29T00:00:00Z"),
            (4_102_444_799.999, "20991231T235959Z", "2099-12-31T23:59:59Z"),
            (-1, "19691231T235959Z", "1969-12-31T23:59:59Z"),
        ])
    func knownMoments(seconds: Double, compact: String, iso8601: String) {
        let time = UTCTime(Date(timeIntervalSince1970: seconds))
        #expect(time.compact == compact)
        #expect(time.iso8601 == iso8601)
    }

    @Test("agrees with Foundation's ISO 8601 formatter across two centuries")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(
                timeIntervalSince1970: Double(Int.random(in: -2_208_988_800...4_102_444_799, using: &generator)))
            #expect(UTCTime(date).iso8601 == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test("names runs by their start time")
    func runID() {
        #expect(RunID.make(for: Date(timeIntervalSince1970: 1_795_312_800)) == "20261122T020000Z")
        #expect(Manifest.timestamp(Date(timeIntervalSince1970: 1_795_312_800)) == "2026-11-22T02:00:00Z")
    }
}
