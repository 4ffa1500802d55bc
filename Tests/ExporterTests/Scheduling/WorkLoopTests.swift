import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite(
    "The work loop running a job's schedule: its window of requests, order, failures and posters",
    .timeLimit(.minutes(15)))
struct WorkLoopTests {
    /// A delay that varies by URL so responses complete out of order, deterministically.
    static let scrambled: @Sendable (String) -> Duration = { url in
        .milliseconds(1 + Int(UInt(bitPattern: url.hashValue) % 7))
    }

    @Test("never has more API requests in flight than the concurrency, across all requests of the job")
    func apiBound() async throws {
        let transport = CountingTMDBTransport(totalPages: 40, delay: Self.scrambled)
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let job = Job(
            name: "bound",
            requests: [.init(list: .topRated, pages: .range(1...30)), .init(list: .popular, pages: .all)],
            posters: Job.PosterSettings(size: "w342", concurrency: 3), concurrency: 4)
        let report = try await harness.run(job)
        let counters = transport.snapshot
        #expect(counters.apiMaxInFlight == 4)
        #expect(counters.imageMaxInFlight == 3)
        #expect(report.totalPagesFetched == 70)
        #expect(counters.apiRequests.count == 72)  // 70 pages + configuration + genres
    }

    @Test("honours a concurrency of 1 strictly")
    func serial() async throws {
        let transport = CountingTMDBTransport(totalPages: 5)
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let job = Job(
            name: "serial", requests: [.init(list: .topRated, pages: .all)],
            posters: Job.PosterSettings(size: "w342", concurrency: 1), concurrency: 1)
        _ = try await harness.run(job)
        #expect(transport.snapshot.apiMaxInFlight == 1)
        #expect(transport.snapshot.imageMaxInFlight == 1)
    }

    @Test("writes rows in list order whatever order the pages arrive in")
    func order() async throws {
        let harness = try ExportHarness(transport: CountingTMDBTransport(totalPages: 25, delay: Self.scrambled))
        defer { harness.output.remove() }
        let job = Job(name: "order", requests: [.init(list: .topRated, pages: .all)], posters: nil, concurrency: 16)
        let report = try await harness.run(job)
        let records = try CSVReader.records(try harness.file(report, "movie_top_rated.csv"))
        #expect(records.count == 501)
        #expect(records.dropFirst().map { $0[0] } == (1...500).map(String.init))
        #expect(records.dropFirst().map { $0[1] } == (1...500).map(String.init))
    }

    @Test("learns the page count of an all request from page 1")
    func allPages() async throws {
        let harness = try ExportHarness(transport: CountingTMDBTransport(totalPages: 7))
        defer { harness.output.remove() }
        let report = try await harness.run(
            Job(name: "all", requests: [.init(list: .topRated, pages: .all)], posters: nil))
        #expect(report.manifest.requests[0].pagesPlanned == 7)
        #expect(report.manifest.requests[0].rowsWritten == 140)
    }

    @Test("records a failed page with its endpoint and reason, writes the rest and does not publish latest")
    func failedPage() async throws {
        let harness = try ExportHarness(transport: CountingTMDBTransport(totalPages: 5, failingPages: [3]))
        defer { harness.output.remove() }
        let report = try await harness.run(
            Job(name: "fail", requests: [.init(list: .topRated, pages: .all)], posters: nil))
        #expect(report.manifest.status == .partial)
        #expect(
            report.manifest.failures == [
                Manifest.Failure(
                    endpoint: "movie/top_rated", page: 3,
                    reason: "HTTP 404: The resource you requested could not be found.")
            ])
        #expect(report.manifest.requests[0].pagesFailed == 1)
        #expect(report.manifest.requests[0].rowsWritten == 80)
        #expect(!report.publishedAsLatest)
        #expect(!harness.output.exists("fail/latest"))
        #expect(harness.output.exists("fail/runs/\(report.manifest.runID)/manifest.json"))
    }

    @Test(
        "stops at the first 401: a bad token costs one window of requests, setup and the first pages, and writes nothing"
    )
    func unauthorized() async throws {
        let transport = CountingTMDBTransport(totalPages: 50, unauthorized: true)
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let error = await #expect(throws: ExportError.self) {
            try await harness.run(
                Job(
                    name: "auth", requests: [.init(list: .topRated, pages: .range(1...50))], posters: nil,
                    concurrency: 4))
        }
        guard case .authentication? = error else {
            Issue.record("expected an authentication error, got \(String(describing: error))")
            return
        }
        // The two setup requests and page 1 went out together (page 2 waits for page 1 to say the list's size);
        // nothing more was sent.
        let requests = transport.snapshot.apiRequests
        #expect(requests.count <= 3, "\(requests)")
        #expect(
            Set(requests).isSubset(of: [
                "/3/configuration?", "/3/genre/movie/list?language=en-US", "/3/movie/top_rated?page=1&language=en-US",
            ]), "\(requests)")
        #expect(transport.snapshot.apiInFlight == 0, "no request of the run is left on the wire")
        #expect(!harness.output.exists("auth"))
    }

    @Test("downloads each poster once per run even when several rows and lists share it")
    func postersOnce() async throws {
        let transport = CountingTMDBTransport(totalPages: 3)
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let job = Job(
            name: "shared", requests: [.init(list: .topRated, pages: .all), .init(list: .popular, pages: .all)])
        let report = try await harness.run(job)
        let images = transport.snapshot.imageRequests
        #expect(Set(images).count == images.count)
        #expect(report.manifest.posterFiles?.downloaded == images.count)
        #expect(
            report.manifest.requests[1].posters.downloaded + report.manifest.requests[1].posters.alreadyPresent
                + report.manifest.requests[1].posters.absent == 60)
    }

    @Test("reuses posters already in the poster folder on the next run")
    func postersReused() async throws {
        let transport = CountingTMDBTransport(totalPages: 2)
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let job = Job(name: "reuse", requests: [.init(list: .topRated, pages: .all)])
        let first = try await harness.run(job)
        let downloaded = transport.snapshot.imageRequests.count
        let second = try await harness.run(job)
        #expect(transport.snapshot.imageRequests.count == downloaded)
        #expect(second.manifest.posterFiles?.alreadyPresent == first.manifest.posterFiles?.downloaded)
        #expect(try harness.file(first, "movie_top_rated.csv") == harness.file(second, "movie_top_rated.csv"))
    }

    @Test("drops a movie that reappears on the next page, keeping its first rank, and counts it")
    func deduplicates() async throws {
        let harness = try ExportHarness(transport: CountingTMDBTransport(totalPages: 3, repeatsAcrossPages: true))
        defer { harness.output.remove() }
        let report = try await harness.run(
            Job(name: "dup", requests: [.init(list: .topRated, pages: .all)], posters: nil))
        #expect(report.manifest.requests[0].duplicatesDropped == 2)
        let records = try CSVReader.records(try harness.file(report, "movie_top_rated.csv")).dropFirst()
        #expect(records.count == 58)
        #expect(Set(records.map { $0[1] }).count == 58)
        #expect(records.first(where: { $0[1] == "20" })?[0] == "20")
    }

    @Test("gives byte-identical files at concurrency 1 and 32 with scrambled arrival order")
    func deterministic() async throws {
        let job = Job(
            name: "same", requests: [.init(list: .topRated, pages: .all), .init(list: .popular, pages: .range(2...9))])
        let one = try ExportHarness(transport: CountingTMDBTransport(totalPages: 12, delay: Self.scrambled))
        let many = try ExportHarness(transport: CountingTMDBTransport(totalPages: 12, delay: Self.scrambled))
        defer {
            one.output.remove()
            many.output.remove()
        }
        let serial = try await one.run(job, concurrency: 1)
        let parallel = try await many.run(job, concurrency: 32)
        for file in ["movie_top_rated.csv", "movie_top_rated.ndjson", "movie_popular.csv", "movie_popular.ndjson"] {
            #expect(try one.file(serial, file) == many.file(parallel, file), "\(file) differs")
        }
        #expect(serial.manifest.requests.map(\.files) == parallel.manifest.requests.map(\.files))
    }

    @Test("stops the whole run at a 401 mid-run: nothing new starts, nothing is published")
    func revokedMidRun() async throws {
        let transport = CountingTMDBTransport(totalPages: 200, unauthorizedFromPage: 6) { url in
            url.contains("page=1&") ? .milliseconds(200) : .milliseconds(5)
        }
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let error = await #expect(throws: ExportError.self) {
            try await harness.run(
                Job(
                    name: "revoked", requests: [.init(list: .topRated, pages: .range(1...200))], posters: nil,
                    concurrency: 4))
        }
        guard case .authentication(let clientError)? = error else {
            Issue.record("expected an authentication error, got \(String(describing: error))")
            return
        }
        #expect(clientError.attempts == 1, "a 401 is never retried")
        // Once a 401 is seen, no request still waiting for a slot is sent: beyond the first 4 on the wire, each page
        // request needed the slot of a page answered 200. Setup's 2 requests come first.
        let counters = transport.snapshot
        #expect(counters.apiRequests.count <= 2 + 4 + counters.listPagesSucceeded, "\(counters.apiRequests)")
        #expect(counters.apiRequests.count < 2 + 200)
        #expect(!harness.output.exists("revoked/latest"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.output.path + "/revoked/runs").isEmpty)
    }

    @Test(
        "at concurrency 1, a 401 on whichever setup request goes first is reported as rejected credentials, and the other is never sent"
    )
    func unauthorizedSerialSetup() async throws {
        // The setup requests start together and either may take the one slot first: repeat to see both orders.
        for _ in 0..<20 {
            let transport = CountingTMDBTransport(totalPages: 5, unauthorized: true)
            let harness = try ExportHarness(transport: transport)
            defer { harness.output.remove() }
            let error = await #expect(throws: ExportError.self) {
                try await harness.run(
                    Job(name: "auth", requests: [.init(list: .topRated, pages: .all)], posters: nil, concurrency: 1))
            }
            guard case .authentication? = error else {
                Issue.record("expected an authentication error, got \(String(describing: error))")
                return
            }
            #expect(transport.snapshot.apiRequests.count == 1, "\(transport.snapshot.apiRequests)")
            #expect(!harness.output.exists("auth"))
        }
    }

    @Test("fetches at most the reorder window past a slow page, so waiting pages cannot pile up")
    func reorderWindowIsBounded() async throws {
        // Page 2 is answered only once 16 other pages have been. Page 1, which says the list's size, is written
        // first; the window is then 4 × concurrency = 16 pages from the next page to write (page 2), so exactly
        // page 1 and pages 3…17 can be answered meanwhile; an unbounded window would already have asked for page 18
        // or later by then.
        let transport = CountingTMDBTransport(totalPages: 100, holding: (page: 2, untilOthersAnswered: 16))
        let harness = try ExportHarness(transport: transport)
        defer { harness.output.remove() }
        let job = Job(
            name: "slow", requests: [.init(list: .topRated, pages: .range(1...100))], posters: nil, concurrency: 4)
        let report = try await harness.run(job)
        #expect(report.manifest.requests[0].rowsWritten == 2000)
        #expect(
            transport.snapshot.highestPageBeforeHeldPage == 17,
            "highest \(transport.snapshot.highestPageBeforeHeldPage) others \(transport.snapshot.otherPagesAnswered) requests \(transport.snapshot.apiRequests.prefix(25))"
        )
    }
}
