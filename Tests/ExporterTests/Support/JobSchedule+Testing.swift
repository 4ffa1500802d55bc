import Foundation
import HTTPClient

@testable import Exporter

extension JobSchedule {
    /// A schedule whose clients never send: for tests of its decisions alone.
    static func forTesting(
        _ job: Job, concurrency: Int, posters: Job.PosterSettings? = nil, reorderWindow: Int = 64
    ) -> JobSchedule {
        let transport = CountingTMDBTransport(totalPages: 1)
        let api = APIClient(baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport)
        return JobSchedule(
            job: job, api: api.withMaximumInFlight(max(1, concurrency)), concurrency: concurrency, posters: posters,
            reorderWindow: reorderWindow,
            makeImageClient: { base in APIClient(baseURL: base, credentials: nil, transport: transport) })
    }
}
