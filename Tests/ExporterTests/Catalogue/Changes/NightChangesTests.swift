import Foundation
import HTTPClient
import Synchronization
import TMDBAPI
import Testing

@testable import Exporter

@Suite("A night's changes: the snapshot's last day less what it applied, every day after it, today kept")
struct NightChangesTests {
    static func day(_ text: String) -> ExportDay { ExportDay(text)! }

    /// A feed whose answer depends only on the window: ids per day, summed over the window's days, one page.
    final class DailyFeed: HTTPTransport {
        let days: [String: [Int]]
        let asked = Mutex<[String]>([])

        init(_ days: [String: [Int]]) { self.days = days }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String { query.first { $0.name == name }?.value ?? "" }
            let (start, end) = (ExportDay(value("start_date"))!, ExportDay(value("end_date"))!)
            asked.withLock { $0.append("\(start)…\(end)") }
            var ids: [Int] = []
            var day = start
            while day <= end {
                ids += days[day.description] ?? []
                day = day.adding(days: 1)
            }
            let results = ids.map { #"{"id":\#($0),"adult":null}"# }.joined(separator: ",")
            let body = #"{"results":[\#(results)],"page":1,"total_pages":1}"#
            return HTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
        }
    }

    static func client(_ feed: DailyFeed) -> ChangedIDs {
        let api = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("t"), transport: feed)
        return ChangedIDs(api: api, window: 4, controls: .unwatched(api))
    }

    @Test("reads each day on its own, drops what the snapshot applied of its day, and keeps today's ids for tomorrow")
    func acrossDays() async throws {
        let feed = DailyFeed([
            "2026-03-01": [5, 7, 9], "2026-03-02": [11], "2026-03-03": [7, 13], "2026-03-04": [2, 9],
        ])
        let night = try await NightChanges.since(
            Self.day("2026-03-01"), applied: [5, 9], through: Self.day("2026-03-04"), .movie, feed: Self.client(feed))
        // 5 and 9 were applied on the 1st; 9 changed again on the 4th; 7 changed after the snapshot read the 1st.
        #expect(night.changed == [2, 7, 9, 11, 13])
        #expect(night.today == [2, 9])
        #expect(night.pages == 4 && night.cuts.isEmpty && night.daysCut == nil)
        #expect(
            Set(feed.asked.withLock { $0 }) == [
                "2026-03-01…2026-03-01", "2026-03-02…2026-03-02", "2026-03-03…2026-03-03", "2026-03-04…2026-03-04",
            ])
    }

    @Test("on the snapshot's own day, only what changed since it read the feed")
    func sameDay() async throws {
        let feed = DailyFeed(["2026-03-04": [2, 9, 40]])
        let night = try await NightChanges.since(
            Self.day("2026-03-04"), applied: [2, 9], through: Self.day("2026-03-04"), .tv, feed: Self.client(feed))
        #expect(night.changed == [40])
        #expect(night.today == [2, 9, 40])
        #expect(feed.asked.withLock { $0 } == ["2026-03-04…2026-03-04"])
    }

    @Test("the day after the snapshot needs no window between the two")
    func nextDay() async throws {
        let feed = DailyFeed(["2026-03-04": [3], "2026-03-05": [4]])
        let night = try await NightChanges.since(
            Self.day("2026-03-04"), applied: [], through: Self.day("2026-03-05"), .movie, feed: Self.client(feed))
        #expect(night.changed == [3, 4])
        #expect(feed.asked.withLock { $0 }.count == 2)
    }
}
