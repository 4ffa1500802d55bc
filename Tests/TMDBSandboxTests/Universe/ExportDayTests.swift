import Foundation
import Testing

@testable import TMDBSandbox

@Suite("Export days")
struct ExportDayTests {
    @Test(
        "read and write YYYY-MM-DD and MM_DD_YYYY alike",
        arguments: [
            ("2024-05-15", "05_15_2024"), ("1970-01-01", "01_01_1970"), ("2000-02-29", "02_29_2000"),
            ("2026-12-31", "12_31_2026"),
        ])
    func roundTrip(iso: String, stamp: String) throws {
        let day = try #require(ExportDay(isoDate: iso))
        #expect(day.isoDate == iso)
        #expect(day.fileStamp == stamp)
        #expect(ExportDay(fileStamp: stamp) == day)
    }

    @Test(
        "refuse dates that do not exist or are not written as TMDB writes them",
        arguments: ["2023-02-29", "2024-13-01", "2024-04-31", "2024-5-15", "24-05-15", "2024-05-1x", "", "2024_05_15"])
    func invalid(text: String) {
        #expect(ExportDay(isoDate: text) == nil)
    }

    @Test("count days from 1970-01-01 in UTC, whatever the time of day")
    func fromDate() throws {
        let noon = Date(timeIntervalSince1970: 19_859 * 86_400 + 43_200)
        #expect(ExportDay(noon).isoDate == "2024-05-16")
        #expect(ExportDay(noon).adding(days: -1).isoDate == "2024-05-15")
        #expect(ExportDay(Date(timeIntervalSince1970: -1)).isoDate == "1969-12-31")
    }
}
