import Foundation
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("People beside their titles: the credits join both ways, and nights keep them current", .timeLimit(.minutes(20)))
struct PeopleEndToEndTests {
    typealias Nightly = IncrementalEndToEndTests

    /// Movies, series and the most popular people, each night's people following the titles' credits.
    static let job = Job(
        name: "graph", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: [.credits], refresh: Job.RefreshSettings(maxAgeDays: 3, top: 0)),
            Job.CatalogueRequest(
                type: .person, append: [.combinedCredits, .externalIDs], limit: 400,
                refresh: Job.RefreshSettings(maxAgeDays: 3, top: 0)),
            Job.CatalogueRequest(
                type: .tv, append: [.aggregateCredits], refresh: Job.RefreshSettings(maxAgeDays: 3, top: 0)),
        ])

    /// The credit rows of a snapshot that break the join: a title's credit of a person in the snapshot that the
    /// person's credits lack, or a person's credit on a title in the snapshot that the title's credits lack.
    static func joinProblems(_ run: String) throws -> (problems: [String], joined: Int) {
        func rows(_ name: String) throws -> [[String: String]] {
            try SnapshotGuarantee.csvRows(try Data(contentsOf: URL(fileURLWithPath: "\(run)/\(name).csv")))
        }
        let people = Set(try rows("people").compactMap { $0["id"] })
        let titles = [
            "movie": Set(try rows("movies").compactMap { $0["id"] }),
            "tv": Set(try rows("tv_series").compactMap { $0["id"] }),
        ]
        var problems: [String] = []
        var joined = 0
        for (personTable, titleTables) in [
            ("person_cast_credits", [("movie", "movie_cast", "movie_id"), ("tv", "tv_cast", "series_id")]),
            ("person_crew_credits", [("movie", "movie_crew", "movie_id"), ("tv", "tv_crew", "series_id")]),
        ] {
            let personRows = try rows(personTable)
            let personSide = Set(
                personRows.map { "\($0["person_id"]!) \($0["media_type"]!) \($0["media_id"]!) \($0["credit_id"]!)" })
            var titleSide: Set<String> = []
            for (media, table, idColumn) in titleTables {
                for row in try rows(table) {
                    let key = "\(row["person_id"]!) \(media) \(row[idColumn]!) \(row["credit_id"]!)"
                    titleSide.insert(key)
                    guard people.contains(row["person_id"]!) else { continue }
                    if personSide.contains(key) {
                        joined += 1
                    } else {
                        problems.append("\(table): \(key) not in \(personTable)")
                    }
                }
            }
            for row in personRows where titles[row["media_type"]!]?.contains(row["media_id"]!) == true {
                let key = "\(row["person_id"]!) \(row["media_type"]!) \(row["media_id"]!) \(row["credit_id"]!)"
                if !titleSide.contains(key) { problems.append("\(personTable): \(key) not in the title's credits") }
            }
        }
        return (problems, joined)
    }

    @Test("a movie, series and person job: credits join both ways on credit_id, nightly as in a full run")
    func creditsJoinEveryNight() async throws {
        let universe = SandboxCatalogueUniverse(movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)
        let first = Nightly.eventfulStretch(universe, nights: 5)
        let calendar = Nightly.Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Nightly.harness(calendar)
        try await harness.closing {
            var report = try await harness.exporter(
                options: Nightly.options(harness, folder: "nightly", calendar: calendar)
            ).run(Self.job)
            #expect(report.manifest.catalogue?.map(\.mode) == [.full, .full, .full])
            let firstJoin = try Self.joinProblems(report.runDirectory)
            #expect(firstJoin.problems.isEmpty, "\(firstJoin.problems.prefix(5))")
            #expect(firstJoin.joined > 50)

            var moved = 0
            var peopleChanged = 0
            for night in 2...5 {
                calendar.set(calendar.today.adding(days: 1))
                // The last plan announced counts every id the night fetches, the titles' and the people's.
                let progress = Mutex((planned: 0, finished: 0))
                report = try await harness.exporter(
                    options: Nightly.options(harness, folder: "nightly", calendar: calendar),
                    onEvent: { event in
                        switch event {
                        case .planned(_, let details, _): progress.withLock { $0.planned = details }
                        case .detailsFinished: progress.withLock { $0.finished += 1 }
                        default: break
                        }
                    }
                ).run(Self.job)
                #expect(progress.withLock { $0.planned == $0.finished && $0.finished > 0 }, "night \(night)")
                #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
                let summaries = try #require(report.manifest.catalogue)
                #expect(summaries.map(\.mode) == [.incremental, .incremental, .incremental], "night \(night)")
                let people = try #require(summaries.first { $0.type == .person }?.incremental)
                moved += people.idsWithMovedCredits ?? 0
                if let count = people.idsWithMovedCredits, count > 0 {
                    let page = try String(contentsOfFile: "\(report.runDirectory)/report.html", encoding: .utf8)
                    #expect(page.contains("\(count) people were fetched again because their credits moved"))
                }
                peopleChanged += people.idsChanged
                #expect(
                    summaries.filter { $0.type != .person }.allSatisfy { $0.incremental?.idsWithMovedCredits == nil })
                let join = try Self.joinProblems(report.runDirectory)
                #expect(join.problems.isEmpty, "night \(night): \(join.problems.prefix(5))")
            }
            // Not vacuous: some people were fetched again only because a title's credits moved.
            #expect(moved > 0)
            #expect(peopleChanged > 0)

            let full = try await harness.exporter(options: Nightly.options(harness, folder: "full", calendar: calendar))
                .run(Self.job)
            #expect(full.manifest.catalogue?.map(\.mode) == [.full, .full, .full])
            let guarantee = try SnapshotGuarantee(
                incremental: report.runDirectory, full: full.runDirectory, tonight: calendar.noon, maxAgeDays: 3)
            #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
            #expect(guarantee.rowsFetchedBefore > 0)
        }
    }

    @Test(
        "a night stopped while fetching the people whose credits moved resumes with the same plan, and equals a full run"
    )
    func stoppedAmongMovedCreditsResumes() async throws {
        let universe = SandboxCatalogueUniverse(movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)
        let first = Nightly.eventfulStretch(universe)
        let calendar = Nightly.Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try Nightly.harness(calendar)
        try await harness.closing {
            _ = try await harness.exporter(options: Nightly.options(harness, folder: "stop", calendar: calendar))
                .run(Self.job)
            // Night after night until one has people whose credits moved: that night stops once the people's own
            // fetch, after the titles', has written a few ids.
            var moved: Int?
            for _ in 0..<8 where moved == nil {
                calendar.set(calendar.today.adding(days: 1))
                let stop = StopRequest()
                let following = Mutex<(moved: Int?, finished: Int)>((nil, 0))
                var twoAtOnce = Nightly.options(harness, folder: "stop", calendar: calendar)
                twoAtOnce.concurrency = 2
                let stopping = harness.exporter(
                    concurrency: 2, options: twoAtOnce, stop: stop,
                    onEvent: { event in
                        switch event {
                        case .notice(let text)
                        where text.hasPrefix("person catalogue: ") && text.contains("credits moved"):
                            let count = Int(text.dropFirst("person catalogue: ".count).prefix { $0.isNumber }) ?? 0
                            following.withLock { $0.moved = count > 0 ? count : nil }
                        case .detailsFinished:
                            let stopNow = following.withLock { state -> Bool in
                                guard state.moved != nil else { return false }
                                state.finished += 1
                                return state.finished == 5
                            }
                            if stopNow { stop.request() }
                        default: break
                        }
                    })
                do {
                    _ = try await stopping.run(Self.job)
                } catch {
                    moved = following.withLock { $0.moved }
                    #expect(moved != nil, "stopped for another reason: \(error)")
                }
            }
            let expected = try #require(moved, "no night in 8 had people whose credits moved")

            var resume = Nightly.options(harness, folder: "stop", calendar: calendar)
            resume.resume = true
            let resumed = try await harness.exporter(options: resume).run(Self.job)
            #expect(resumed.manifest.resumed && resumed.manifest.status == .complete)
            let people = try #require(resumed.manifest.catalogue?.first { $0.type == .person }?.incremental)
            #expect(people.idsWithMovedCredits == expected)

            let full = try await harness.exporter(
                options: Nightly.options(harness, folder: "whole", calendar: calendar)
            )
            .run(Self.job)
            let guarantee = try SnapshotGuarantee(
                incremental: resumed.runDirectory, full: full.runDirectory, tonight: calendar.noon, maxAgeDays: 3)
            #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
            let join = try Self.joinProblems(resumed.runDirectory)
            #expect(join.problems.isEmpty, "\(join.problems.prefix(5))")
        }
    }
}
