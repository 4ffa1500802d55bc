import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

/// Seasons and episodes: `season/N` in `append_to_response` on `/3/tv/{id}`, `/3/tv/{id}/season/{n}`, TMDB's limit
/// of 20 appended items, and the details' `seasons` agreeing with what is served.
@Suite("Seasons and episodes", .timeLimit(.minutes(15)))
struct SeasonTests {
    static let universe = DepthSubresourceTests.universe
    static let day = DepthSubresourceTests.day
    static let longRunning = SandboxCatalogueUniverse.longRunningSeriesID
    /// Every 97th list show, the long-running one, and generated series neither removed nor adult.
    static let sample: [Int] =
        [longRunning] + stride(from: 1, to: ShowGenerator.showCount, by: 97).map { ShowGenerator.firstId + 13 * $0 }
        + DepthSubresourceTests.sample.filter { $0.0 == .series }.map(\.1)
    static let personKeys: Set<String> = CatalogueDetailsTests.personKeys
    static let seasonKeys: Set<String> = [
        "_id", "air_date", "episodes", "name", "overview", "id", "poster_path", "season_number", "vote_average",
    ]
    static let episodeKeys = [
        "air_date", "episode_number", "episode_type", "id", "name", "overview", "production_code", "runtime",
        "season_number", "show_id", "still_path", "vote_average", "vote_count", "crew", "guest_stars",
    ]

    /// `season/N,…` for `numbers`.
    static func seasonItems(_ numbers: some Sequence<Int>) -> String {
        numbers.map { "season/\($0)" }.joined(separator: ",")
    }

    /// The answer to `pathAndQuery` on `day` of `universe`, parsed; its status must be 200.
    static func body(
        _ pathAndQuery: String, universe: SandboxCatalogueUniverse = universe, on day: ExportDay = day
    ) throws -> [String: Any] {
        let answer = try #require(DepthSubresourceTests.answer(pathAndQuery, universe: universe, on: day))
        #expect(answer.status == 200, "\(pathAndQuery)")
        return try jsonObject(Data(answer.body))
    }

    /// The details of series `id` and every season they list, appended 20 at a time as an exporter asks for them:
    /// the details of the first request, and each season by number.
    static func detailsAndSeasons(
        _ id: Int, universe: SandboxCatalogueUniverse = universe, on day: ExportDay = day
    ) throws -> (details: [String: Any], seasons: [Int: [String: Any]], requests: Int) {
        let numbers = try #require(universe.seasonNumbers(ofSeries: id, on: day))
        var details: [String: Any] = [:]
        var seasons: [Int: [String: Any]] = [:]
        var requests = 0
        for start in stride(from: 0, to: numbers.count, by: AppendToResponse.maximumItems) {
            let chunk = numbers[start..<min(numbers.count, start + AppendToResponse.maximumItems)]
            let answer = try body("/3/tv/\(id)?append_to_response=\(seasonItems(chunk))", universe: universe, on: day)
            requests += 1
            if start == 0 { details = answer }
            for number in chunk { seasons[number] = answer["season/\(number)"] as? [String: Any] }
        }
        return (details, seasons, requests)
    }

    /// Whether `keys` occur in `text` in this order, each after the one before, from `start`.
    static func inOrder(_ keys: [String], in text: String, from start: String.Index) -> Bool {
        var position = start
        for key in keys {
            guard let found = text.range(of: "\"\(key)\":", range: position..<text.endIndex) else { return false }
            position = found.upperBound
        }
        return true
    }

    @Test("append a season under season/N in TMDB's shape and key order, over the wire")
    func appendedShape() async throws {
        let id = try #require(
            Self.sample.dropFirst().first {
                let numbers = Self.universe.seasonNumbers(ofSeries: $0, on: Self.day) ?? []
                return numbers.first == 0 && numbers.count >= 3
            })
        let response = try await withSandbox { server in
            try await fetch(server, "/3/tv/\(id)?append_to_response=season/1,season/0,keywords")
        }
        #expect(response.status == 200)
        let body = try jsonObject(response.body)
        #expect(body["season/2"] == nil && body["keywords"] != nil)
        let text = String(decoding: response.body, as: UTF8.self)
        for number in [0, 1] {
            let season = try #require(body["season/\(number)"] as? [String: Any])
            #expect(Set(season.keys) == Self.seasonKeys)
            #expect(season["season_number"] as? Int == number)
            #expect(season["name"] as? String == (number == 0 ? "Specials" : "Season 1"))
            let objectId = try #require(season["_id"] as? String)
            #expect(objectId.count == 24 && objectId.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            let episodes = try #require(season["episodes"] as? [[String: Any]])
            #expect(episodes.map { $0["episode_number"] as? Int } == Array(1...episodes.count))
            for episode in episodes {
                #expect(Set(episode.keys) == Set(Self.episodeKeys))
                #expect(episode["show_id"] as? Int == id && episode["season_number"] as? Int == number)
                for crew in episode["crew"] as? [[String: Any]] ?? [] {
                    #expect(Set(crew.keys) == Self.personKeys.union(["job", "department", "credit_id"]))
                }
                for guest in episode["guest_stars"] as? [[String: Any]] ?? [] {
                    #expect(Set(guest.keys) == Self.personKeys.union(["character", "credit_id", "order"]))
                }
            }
            let start = try #require(text.range(of: "\"season/\(number)\":")).upperBound
            #expect(Self.inOrder(["_id", "air_date", "episodes"] + Self.episodeKeys, in: text, from: start))
        }
        let standalone = try #require(DepthSubresourceTests.answer("/3/tv/\(id)/season/1"))
        let seasonText = String(decoding: standalone.body, as: UTF8.self)
        #expect(seasonText.hasPrefix("{\"_id\":\""))
        let tail = try #require(seasonText.range(of: "],\"name\":", options: .backwards)).lowerBound
        #expect(
            Self.inOrder(
                ["name", "overview", "id", "poster_path", "season_number", "vote_average"], in: seasonText, from: tail))
        let crewText = try #require(seasonText.range(of: "\"crew\":[{")).upperBound
        #expect(Self.inOrder(["job", "department", "credit_id", "adult"], in: seasonText, from: crewText))
        let guestText = try #require(seasonText.range(of: "\"guest_stars\":[{")).upperBound
        #expect(Self.inOrder(["character", "credit_id", "order", "adult"], in: seasonText, from: guestText))
    }

    @Test("serve a season alone as appended, 404 a season the series lacks, and leave it out of an append")
    func standaloneAndMissing() throws {
        for id in Self.sample.prefix(12) {
            let numbers = try #require(Self.universe.seasonNumbers(ofSeries: id, on: Self.day))
            let appended = try Self.body("/3/tv/\(id)?append_to_response=\(Self.seasonItems(numbers.prefix(20)))")
            for number in numbers.prefix(20) {
                let alone = try Self.body("/3/tv/\(id)/season/\(number)")
                #expect(NSDictionary(dictionary: alone) == appended["season/\(number)"] as? NSDictionary)
            }
            let missing = (numbers.last ?? 0) + 1
            let answer = try #require(DepthSubresourceTests.answer("/3/tv/\(id)/season/\(missing)"))
            #expect(answer.status == 404)
            #expect(try jsonObject(Data(answer.body))["status_code"] as? Int == 34)
            let without = try Self.body("/3/tv/\(id)?append_to_response=season/\(missing),season/\(numbers[0])")
            #expect(without["season/\(missing)"] == nil && without["season/\(numbers[0])"] != nil)
        }
        let hasNoSpecials = try #require(
            Self.sample.first { Self.universe.seasonNumbers(ofSeries: $0, on: Self.day)?.first == 1 })
        #expect(DepthSubresourceTests.answer("/3/tv/\(hasNoSpecials)/season/0")?.status == 404)
        #expect(DepthSubresourceTests.answer("/3/tv/\(Self.longRunning)/season/x") == nil)
        #expect(DepthSubresourceTests.answer("/3/tv/\(Self.longRunning)/season/-1") == nil)
        let removed = try #require(
            Self.universe.ids(.series, on: Self.day, adult: false).first {
                Self.universe.isRemovedSinceExport(.series, id: $0, on: Self.day)
            })
        #expect(DepthSubresourceTests.answer("/3/tv/\(removed)/season/1")?.status == 404)
    }

    @Test("answer 400 with TMDB's status code 27 to more than 20 appended items, of any details route and kind")
    func appendLimit() async throws {
        let twentyOne = Self.seasonItems(0...20)
        for path in [
            "/3/tv/\(Self.longRunning)?append_to_response=\(twentyOne)",
            "/3/movie/100?append_to_response=" + Array(repeating: "credits", count: 21).joined(separator: ","),
            "/3/person/1000?append_to_response=" + (0...20).map { "unknown\($0)" }.joined(separator: ","),
            "/3/tv/\(Self.longRunning)/season/1?append_to_response=\(twentyOne)",
        ] {
            let answer = try #require(DepthSubresourceTests.answer(path))
            #expect(answer.status == 400, "\(path)")
            let body = try jsonObject(Data(answer.body))
            #expect(body["status_code"] as? Int == 27)
            #expect((body["status_message"] as? String)?.contains("maximum number of remote calls is 20") == true)
        }
        let list = "/3/tv/popular?append_to_response=\(twentyOne)"
        #expect(DepthSubresourceTests.answer(list)?.status == 200, "a list ignores append_to_response, as on TMDB")
        let twenty = try Self.body("/3/tv/\(Self.longRunning)?append_to_response=\(Self.seasonItems(0..<20))")
        #expect((0..<20).allSatisfy { twenty["season/\($0)"] != nil })
        let status = try await withSandbox { server in
            try await fetch(server, "/3/tv/\(Self.longRunning)?append_to_response=\(twentyOne)").status
        }
        #expect(status == 400)
    }

    @Test("list in the details the seasons served, episode counts equal and specials not counted, edited or not")
    func detailsAgree() throws {
        let universe = SandboxCatalogueUniverse(seriesCount: 2_800, evolves: true)
        let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 60)
        let step = universe.step(day)
        let generated = universe.ids(.series, on: day, adult: false).suffix(500).filter {
            !universe.isRemovedSinceExport(.series, id: $0, on: day)
        }
        let edited = generated.filter { (universe.listedSlot(.series, id: $0, at: step)?.state.version ?? 0) > 0 }
        #expect(edited.count > 20)
        for id in [Self.longRunning] + Array(Self.sample.dropFirst().prefix(25)) + edited.prefix(40) {
            let (details, seasons, _) = try Self.detailsAndSeasons(id, universe: universe, on: day)
            let listed = try #require(details["seasons"] as? [[String: Any]])
            #expect(listed.compactMap { $0["season_number"] as? Int } == universe.seasonNumbers(ofSeries: id, on: day))
            for entry in listed {
                let number = try #require(entry["season_number"] as? Int)
                let season = try #require(seasons[number], "series \(id) season \(number)")
                #expect((season["episodes"] as? [Any])?.count == entry["episode_count"] as? Int)
                for key in ["air_date", "id", "name", "overview", "poster_path", "vote_average"] {
                    #expect("\(season[key] ?? "nil")" == "\(entry[key] ?? "nil")", "series \(id) \(number) \(key)")
                }
            }
            let regular = listed.filter { $0["season_number"] as? Int != 0 }
            let episodes = regular.compactMap { $0["episode_count"] as? Int }.reduce(0, +)
            #expect(details["number_of_seasons"] as? Int == regular.count)
            #expect(details["number_of_episodes"] as? Int == episodes)
            let credits = try Self.body(
                "/3/tv/\(id)?append_to_response=aggregate_credits", universe: universe, on: day)["aggregate_credits"]
            for list in ["cast", "crew"] {
                let entries = try DepthSubresourceTests.list(credits, list)
                #expect(entries.allSatisfy { ($0["total_episode_count"] as? Int ?? .max) <= episodes }, "\(id)")
            }
        }
    }

    @Test("serve the long-running series' 27 seasons and specials in two requests of at most 20 items, every day")
    func longRunningSeries() throws {
        let (details, seasons, requests) = try Self.detailsAndSeasons(Self.longRunning)
        #expect(requests == 2)
        #expect(details["number_of_seasons"] as? Int == 27)
        #expect(Set(seasons.keys) == Set(0...27))
        #expect(seasons.values.allSatisfy { ($0["episodes"] as? [Any])?.isEmpty == false })
        let index = try #require(ShowGenerator.index(ofId: Self.longRunning))
        #expect(SandboxCatalogue.shared.tvList(.popular).prefix(SandboxCatalogue.pageSize).contains(index))
        let evolving = SandboxCatalogueUniverse(seriesCount: 2_800, evolves: true)
        for offset in [0, 1, 30, 365] {
            let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: offset)
            #expect(evolving.ids(.series, on: day, adult: false).contains(Self.longRunning))
            #expect(evolving.seasonNumbers(ofSeries: Self.longRunning, on: day) == Array(0...27))
        }
    }

    @Test("give about one series in four a season 0 of specials, listed first")
    func specials() throws {
        let ids = Self.universe.ids(.series, on: Self.day, adult: false).prefix(2_000)
        let withSpecials = ids.filter { SeasonLayout.specialCount(seriesId: $0) > 0 }
        #expect((400...600).contains(withSpecials.count), "\(withSpecials.count) of \(ids.count)")
        for id in withSpecials.prefix(20) {
            let layout = SeasonLayout(seriesId: id, firstAirDate: "2010-03-04")
            #expect(layout.seasons.first?.number == 0 && layout.seasons.first?.name == "Specials")
            #expect(layout.seasons.dropFirst().map(\.number) == Array(1...layout.regularSeasonCount))
        }
    }

    @Test("serve TMDB's episode quirks, pool people in the credits, ids unique across series")
    func quirks() throws {
        var counts: [String: Int] = [:]
        var episodeIds: Set<Int> = []
        var credits: Set<String> = []
        var totalCredits = 0
        var seriesOfCredit: [String: Int] = [:]
        // The universe does not evolve: every day serves the epoch's votes.
        let votesDay = SandboxCatalogueUniverse.evolutionEpoch
        let pool = Dictionary(uniqueKeysWithValues: (0..<PersonPool.count).map { (PersonPool.id($0), $0) })
        for id in Self.sample.prefix(80) {
            let (_, seasons, _) = try Self.detailsAndSeasons(id)
            for season in seasons.values {
                for episode in try DepthSubresourceTests.list(season, "episodes") {
                    func count(_ quirk: String, _ holds: Bool) { if holds { counts[quirk, default: 0] += 1 } }
                    let episodeId = try #require(episode["id"] as? Int)
                    #expect(episodeIds.insert(episodeId).inserted, "episode \(episodeId) twice")
                    count("episodes", true)
                    count("runtime null", episode["runtime"] is NSNull)
                    count("air_date null", episode["air_date"] is NSNull)
                    count("still_path null", episode["still_path"] is NSNull)
                    count("production_code empty", episode["production_code"] as? String == "")
                    let airDate = (episode["air_date"] as? String).flatMap(ExportDay.init(isoDate:))
                    let votes = episode["vote_count"] as? Int ?? -1
                    count("aired, no votes", votes == 0 && airDate.map { $0 <= votesDay } == true)
                    if airDate.map({ $0 > votesDay }) ?? true {
                        count("not aired", true)
                        #expect(votes == 0 && episode["vote_average"] as? Double == 0, "\(episodeId)")
                    }
                    count(episode["episode_type"] as? String ?? "no type", true)
                    let crew = try #require(episode["crew"] as? [[String: Any]])
                    count("directed", crew.contains { $0["department"] as? String == "Directing" })
                    count("written", crew.contains { $0["department"] as? String == "Writing" })
                    let guests = try #require(episode["guest_stars"] as? [[String: Any]])
                    count("guest stars", !guests.isEmpty)
                    let orders = guests.compactMap { $0["order"] as? Int }
                    #expect(orders == orders.sorted() && orders.count == guests.count)
                    for person in crew + guests {
                        let index = try #require(pool[person["id"] as? Int ?? 0], "not a pool person: \(person)")
                        #expect(person["name"] as? String == PersonPool.person(index).name)
                        let creditId = try #require(person["credit_id"] as? String)
                        #expect(creditId.count == 24)
                        if !credits.insert("\(episodeId)/\(creditId)").inserted { Issue.record("\(creditId) twice") }
                        #expect(
                            (seriesOfCredit.updateValue(id, forKey: creditId) ?? id) == id, "\(creditId) in two series")
                    }
                    totalCredits += Set((crew + guests).compactMap { $0["credit_id"] as? String }).count
                }
            }
        }
        let episodes = counts["episodes"] ?? 0
        #expect(episodes > 2_000)
        for quirk in ["runtime null", "air_date null", "still_path null", "aired, no votes", "not aired", "finale"]
            + ["mid_season", "directed", "written", "guest stars"]
        {
            #expect((counts[quirk] ?? 0) > 5, "\(quirk): \(counts)")
        }
        #expect(Double(counts["production_code empty"] ?? 0) > 0.7 * Double(episodes))
        #expect(Double(counts["standard"] ?? 0) > 0.8 * Double(episodes))
        // A recurring director, writer or guest keeps one credit_id in every episode: fewer ids than credits.
        let distinctCredits = Set(credits.map { $0.split(separator: "/")[1] })
        #expect(distinctCredits.count < totalCredits)
    }
}
