import Foundation
import HTTPClient
import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("The job's schedule: what to send, what an answer unlocks, what to write")
struct JobScheduleTests {
    static let movieJob = Job(name: "s", requests: [.init(list: .topRated, pages: .range(1...3))], posters: nil)
    static let posterSettings = Job.PosterSettings(size: "w92", concurrency: 2)

    /// Page `number` holding `count` movies (ids `number × 100 + i`), each with a poster file named after its id.
    static func page(_ number: Int, of total: Int = 3, count: Int = 2, posters store: PosterStore? = nil) -> PageRows {
        let movies = (0..<count).map {
            Movie(id: number * 100 + $0, title: "m", posterPath: "/p\(number * 100 + $0).jpg")
        }
        let page = ResultsPage(page: number, results: movies, totalPages: total, totalResults: total * count)
        return PageRows(ListPage(page), number: number, posters: store)
    }

    static let setupAnswers: [WorkResult] = [
        .setup(
            .configuration,
            .configuration(
                .success(
                    APIConfiguration(
                        images: .init(
                            baseURL: nil, secureBaseURL: "https://image.test/t/p/", posterSizes: ["w92"]))))),
        .setup(.genres(.movie), .genres(.success(GenreList(genres: [Genre(id: 18, name: "Drama")])))),
    ]

    /// Hands out work until none can start.
    static func drain(_ schedule: inout JobSchedule) -> [WorkItem] {
        var items: [WorkItem] = []
        while let work = schedule.nextWork() { items.append(work) }
        return items
    }

    /// Records results as the loop does (release, then record) and collects the effects.
    static func record(_ results: [WorkResult], in schedule: inout JobSchedule) throws(ExportError) -> [JobSchedule
        .Effect]
    {
        var effects: [JobSchedule.Effect] = []
        for result in results {
            schedule.release(result)
            effects += try schedule.record(result)
        }
        return effects
    }

    /// The pages among `items`, as `request:page`.
    static func pages(_ items: [WorkItem]) -> [String] {
        items.compactMap { item in
            if case .page(let request, let page) = item { return "\(request):\(page)" }
            return nil
        }
    }

    static func writtenRanks(_ effects: [JobSchedule.Effect]) -> [Int] {
        effects.flatMap { effect -> [Int] in
            if case .write(_, let rows) = effect { return rows.map(\.rank) }
            return []
        }
    }

    @Test("holds a page answer that beat setup, writes nothing until setup is ready, then learns the list's size")
    func holdsUntilSetup() throws {
        var schedule = JobSchedule.forTesting(Self.movieJob, concurrency: 5)
        let sent = Self.drain(&schedule)
        #expect(sent.count == 3, "setup's 2 requests and page 1, which says how many pages there are")
        let early = try Self.record([.page(request: 0, page: 1, .fetched(Self.page(1)))], in: &schedule)
        #expect(early.isEmpty)
        let effects = try Self.record(Self.setupAnswers, in: &schedule)
        guard case .setupCompleted? = effects.first else {
            Issue.record("setup's completion comes first: \(effects)")
            return
        }
        #expect(Self.writtenRanks(effects) == [1, 2])
        #expect(Self.pages(Self.drain(&schedule)) == ["0:2", "0:3"])
        let later = try Self.record([.page(request: 0, page: 2, .fetched(Self.page(2)))], in: &schedule)
        #expect(Self.writtenRanks(later) == [21, 22], "ranks follow TMDB's 20 per page")
        #expect(schedule.lists[0].pagesFetched == 2)
    }

    @Test(
        "stops a range at the list's last page, as the first page says, and keeps TMDB's totals and dates",
        arguments: [(1...50, 3, 3), (2...50, 3, 2), (5...9, 3, 1), (1...2, 3, 2), (1...1, 0, 1)]
            as [(ClosedRange<Int>, Int, Int)])
    func rangeStopsAtTotalPages(range: ClosedRange<Int>, totalPages: Int, planned: Int) throws {
        let job = Job(name: "short", requests: [.init(list: .nowPlaying, pages: .range(range))], posters: nil)
        var schedule = JobSchedule.forTesting(job, concurrency: 8)
        _ = Self.drain(&schedule)
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        let dates = ResultsPage<Movie>.DateWindow(minimum: "2026-10-20", maximum: "2026-12-01")
        let first = ResultsPage(
            page: range.lowerBound, results: [Movie(id: 1, title: "m")], totalPages: totalPages, totalResults: 41,
            dates: dates)
        _ = try Self.record(
            [
                .page(
                    request: 0, page: range.lowerBound,
                    .fetched(PageRows(ListPage(first), number: range.lowerBound, posters: nil)))
            ],
            in: &schedule)
        let expected = (range.lowerBound..<(range.lowerBound + planned)).dropFirst().map { "0:\($0)" }
        #expect(Self.pages(Self.drain(&schedule)) == expected)
        #expect(schedule.lists[0].pagesPlanned == planned)
        #expect(schedule.lists[0].pagesAsked == range.count)
        #expect(schedule.lists[0].totals?.totalPages == totalPages)
        #expect(schedule.lists[0].totals?.totalResults == 41)
        #expect(schedule.lists[0].totals?.dates == Manifest.DateWindow(minimum: "2026-10-20", maximum: "2026-12-01"))
    }

    @Test("fetches a range whole when its first page fails, as nothing says where the list ends")
    func rangeWithFailedFirstPage() throws {
        var schedule = JobSchedule.forTesting(Self.movieJob, concurrency: 8)
        _ = Self.drain(&schedule)
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        let failure = ClientError(endpoint: "GET movie/top_rated?page=1", reason: .httpStatus(500, message: nil))
        _ = try Self.record([.page(request: 0, page: 1, .failed(failure))], in: &schedule)
        #expect(Self.pages(Self.drain(&schedule)) == ["0:2", "0:3"])
        #expect(schedule.lists[0].pagesPlanned == 3)
        #expect(schedule.lists[0].totals == nil)
    }

    @Test("reports a page's 401 as rejected credentials once setup's own answers are in")
    func pageUnauthorizedDuringSetup() {
        var schedule = JobSchedule.forTesting(Self.movieJob, concurrency: 4)
        _ = Self.drain(&schedule)
        let unauthorized = ClientError(
            endpoint: "GET movie/top_rated?page=1", reason: .httpStatus(401, message: "Invalid API key"))
        let unsent = [
            WorkResult.setup(
                .configuration, .configuration(.failure(ClientError(endpoint: "configuration", reason: .notSent)))),
            .setup(.genres(.movie), .genres(.failure(ClientError(endpoint: "genre/movie/list", reason: .notSent)))),
        ]
        let error = #expect(throws: ExportError.self) {
            _ = try Self.record([.page(request: 0, page: 1, .failed(unauthorized))] + unsent, in: &schedule)
        }
        guard case .authentication(let reported)? = error else {
            Issue.record("expected rejected credentials, got \(String(describing: error))")
            return
        }
        #expect(reported.endpoint == unauthorized.endpoint)
    }

    @Test("sends no more API requests than the client's slots during setup, then twice as many tasks")
    func laneDepth() throws {
        let job = Job(
            name: "deep",
            requests: [
                .init(list: .topRated, pages: .range(1...100)), .init(list: .popular, pages: .range(1...100)),
                .init(list: .upcoming, pages: .range(1...100)),
            ], posters: nil)
        var schedule = JobSchedule.forTesting(job, concurrency: 4)
        #expect(Self.drain(&schedule).count == 4, "setup's 2 requests and 2 first pages fill the 4 slots")
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        #expect(Self.pages(Self.drain(&schedule)) == ["2:1"])
        _ = try Self.record([.page(request: 0, page: 1, .fetched(Self.page(1, of: 100)))], in: &schedule)
        #expect(Self.drain(&schedule).count == 6, "8 tasks in all: the 2 first pages still out and 6 more")
    }

    @Test("writes a page only once its posters are settled, and fetches a shared poster once")
    func waitsForPosters() throws {
        let store = PosterStore(layout: OutputLayout(root: "/nonexistent-\(UUID())", jobName: "p"), size: "w92")
        let job = Job(
            name: "p",
            requests: [.init(list: .topRated, pages: .range(1...1)), .init(list: .popular, pages: .range(1...1))],
            posters: Self.posterSettings)
        var schedule = JobSchedule.forTesting(job, concurrency: 8, posters: Self.posterSettings)
        _ = Self.drain(&schedule)
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        let page = Self.page(1, of: 1, posters: store)
        let accepted = try Self.record(
            [
                .page(request: 0, page: 1, .fetched(page)), .page(request: 1, page: 1, .fetched(page)),
            ], in: &schedule)
        #expect(Self.writtenRanks(accepted).isEmpty)
        let posters = Self.drain(&schedule).compactMap { work -> String? in
            if case .poster(let file, _) = work { return file }
            return nil
        }
        #expect(posters == ["p100.jpg", "p101.jpg"], "each poster once, for both lists")
        let first = try Self.record([.poster(file: "p100.jpg", .downloaded(file: "p100.jpg"))], in: &schedule)
        #expect(Self.writtenRanks(first).isEmpty)
        let second = try Self.record(
            [.poster(file: "p101.jpg", .failed(file: "p101.jpg", reason: "HTTP 404"))], in: &schedule)
        #expect(Self.writtenRanks(second) == [1, 2, 1, 2])
        let cells = second.flatMap { effect -> [PosterOutcome] in
            if case .write(_, let rows) = effect { return rows.map(\.poster) }
            return []
        }
        let failed = PosterOutcome.failed(file: "p101.jpg", reason: "HTTP 404")
        #expect(cells == [.downloaded(file: "p100.jpg"), failed, .downloaded(file: "p100.jpg"), failed])
        #expect(schedule.failures.map(\.endpoint) == ["poster w92/p101.jpg"])
        #expect(schedule.isComplete)
    }

    @Test("passes a failed page and writes the pages after it in order")
    func failedPageInOrder() throws {
        var schedule = JobSchedule.forTesting(Self.movieJob, concurrency: 8)
        _ = Self.drain(&schedule)
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        var effects = try Self.record([.page(request: 0, page: 1, .fetched(Self.page(1)))], in: &schedule)
        _ = Self.drain(&schedule)
        let notFound = ClientError(endpoint: "GET movie/top_rated?page=2", reason: .httpStatus(404, message: nil))
        effects += try Self.record(
            [.page(request: 0, page: 3, .fetched(Self.page(3))), .page(request: 0, page: 2, .failed(notFound))],
            in: &schedule)
        #expect(Self.writtenRanks(effects) == [1, 2, 41, 42])
        #expect(schedule.lists[0].pagesFailed == 1)
        #expect(schedule.failures == [Manifest.Failure(endpoint: "movie/top_rated", page: 2, reason: "HTTP 404")])
        #expect(schedule.isComplete)
    }

    @Test("starts nothing once stopped, and ignores requests the stopped client never sent")
    func stops() throws {
        let job = Job(name: "stop", requests: [.init(list: .topRated, pages: .range(1...100))], posters: nil)
        var schedule = JobSchedule.forTesting(job, concurrency: 2)
        _ = Self.drain(&schedule)
        _ = try Self.record(Self.setupAnswers, in: &schedule)
        schedule.stop()
        #expect(schedule.nextWork() == nil)
        let unsent = ClientError(endpoint: "GET movie/top_rated?page=3", reason: .notSent)
        #expect(try Self.record([.page(request: 0, page: 3, .failed(unsent))], in: &schedule).isEmpty)
        #expect(schedule.failures.isEmpty)
        #expect(!schedule.isComplete)
    }
}
