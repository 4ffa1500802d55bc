import Foundation
import Testing

@testable import TMDBSandbox

@Suite("Person universe", .timeLimit(.minutes(15)))
struct SandboxPersonUniverseTests {
    /// A small evolving universe of generated titles, so every title's credits can be read.
    static let people = SandboxPersonUniverse(
        titles: SandboxCatalogueUniverse(movieCount: 300, seriesCount: 60, evolves: true, includesLists: false))
    /// The 10th day after the epoch: titles edited, people born, dead and removed by then.
    static let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 10)

    /// The (person id, credit_id) of every cast and crew credit of a title's credits body.
    static func titleCredits(_ type: CatalogueMediaType, id: Int) throws -> [(person: Int, creditId: String)] {
        let titles = people.titles
        let body: [UInt8]? =
            switch type {
            case .movie: titles.movieDetailsBody(id: id, on: day, appending: [.credits])
            case .series: titles.seriesDetailsBody(id: id, on: day, appending: [.aggregateCredits])
            }
        let bytes = try #require(body)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let credits = try #require(object[type == .movie ? "credits" : "aggregate_credits"] as? [String: Any])
        var found: [(Int, String)] = []
        for list in ["cast", "crew"] {
            for entry in try #require(credits[list] as? [[String: Any]]) {
                let person = try #require(entry["id"] as? Int)
                if type == .movie {
                    found.append((person, try #require(entry["credit_id"] as? String)))
                } else {
                    let roles = try #require(entry[list == "cast" ? "roles" : "jobs"] as? [[String: Any]])
                    for role in roles { found.append((person, try #require(role["credit_id"] as? String))) }
                }
            }
        }
        return found
    }

    /// The details body of a person on `day`, parsed.
    static func details(_ id: Int, on day: ExportDay = day, _ appendices: [PersonAppendix] = PersonAppendix.allCases)
        throws -> [String: Any]
    {
        let body = try #require(people.detailsBody(id: id, on: day, appending: appendices))
        return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test("every credit of a movie or series naming a person is in that person's credits with the same credit_id")
    func titleToPerson() throws {
        let titles = Self.people.titles
        // A few titles as first generated, and a few the feed listed since the epoch (credits edited, or born).
        let edited = { (type: CatalogueMediaType) in
            Set(
                (1...10).flatMap {
                    titles.changedIds(type, on: SandboxCatalogueUniverse.evolutionEpoch.adding(days: $0))
                }
            )
            .filter { titles.contains(type, id: $0, on: Self.day) }.sorted().prefix(4)
        }
        let movies = Array(titles.ids(.movie, on: Self.day, adult: false).prefix(4)) + edited(.movie)
        let series = Array(titles.ids(.series, on: Self.day, adult: false).prefix(3)) + edited(.series)
        #expect(movies.count == 8 && series.count == 7)
        var checked = 0
        for (type, ids) in [(CatalogueMediaType.movie, movies), (.series, series)] {
            for id in ids where !titles.isRemovedSinceExport(type, id: id, on: Self.day) {
                for credit in try Self.titleCredits(type, id: id) {
                    // A removed person stays in the titles' credits, as on TMDB, but has no details to hold them.
                    guard let personCredits = Self.people.credits(id: credit.person, on: Self.day) else {
                        #expect(Self.people.isRemoved(id: credit.person, on: Self.day))
                        continue
                    }
                    #expect(
                        personCredits.contains {
                            $0.type == type && $0.titleId == id && $0.creditId == credit.creditId
                        },
                        "person \(credit.person) lacks \(type) \(id) credit \(credit.creditId)")
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("every credit in a person's combined_credits is in that title's credits, naming that person")
    func personToTitle() throws {
        var checked = 0
        for index in stride(from: 0, to: PersonPool.count, by: 997) {
            let id = PersonPool.id(index)
            guard let credits = Self.people.credits(id: id, on: Self.day) else { continue }
            for credit in credits {
                let title = try Self.titleCredits(credit.type, id: credit.titleId)
                #expect(title.contains { $0.person == id && $0.creditId == credit.creditId })
                checked += 1
            }
            let body = try Self.details(id)
            let combined = try #require(body["combined_credits"] as? [String: Any])
            let cast = try #require(combined["cast"] as? [[String: Any]])
            let entries = try cast + #require(combined["crew"] as? [[String: Any]])
            #expect(Set(entries.compactMap { $0["credit_id"] as? String }) == Set(credits.map(\.creditId)))
            for entry in entries {
                let mediaType = try #require(entry["media_type"] as? String)
                #expect(mediaType == "movie" || mediaType == "tv")
                #expect(entry[mediaType == "movie" ? "title" : "name"] is String)
            }
        }
        #expect(checked > 10)
    }

    @Test("a movie cast credit carries its order, a series credit its episode count, a crew credit its job")
    func creditFields() throws {
        var seen: Set<String> = []
        for index in stride(from: 0, to: PersonPool.count, by: 331) {
            let combined = try #require(try Self.details(PersonPool.id(index))["combined_credits"] as? [String: Any])
            for entry in try #require(combined["cast"] as? [[String: Any]]) {
                let isMovie = entry["media_type"] as? String == "movie"
                #expect(entry["character"] is String)
                #expect(isMovie ? entry["order"] is Int : entry["episode_count"] is Int)
                seen.insert(isMovie ? "movie cast" : "tv cast")
            }
            for entry in try #require(combined["crew"] as? [[String: Any]]) {
                #expect(entry["department"] is String && entry["job"] is String)
                seen.insert(entry["media_type"] as? String == "movie" ? "movie crew" : "tv crew")
            }
        }
        #expect(seen == ["movie cast", "tv cast", "movie crew", "tv crew"])
    }

    @Test("a person credited nowhere has empty combined_credits")
    func uncredited() throws {
        let combined = try #require(
            try Self.details(PersonPool.id(PersonPool.count + 5))["combined_credits"] as? [String: Any])
        #expect((combined["cast"] as? [Any])?.isEmpty == true)
        #expect((combined["crew"] as? [Any])?.isEmpty == true)
    }

    @Test("a person credited nowhere is answered without indexing the day's credits, however many there are")
    func uncreditedCost() throws {
        let cache = PersonCreditIndexCache()
        let people = SandboxPersonUniverse(titles: Self.people.titles, uncreditedCount: 200_000, credits: cache)
        let last = PersonPool.id(people.baseCount - 1)
        #expect(people.contains(id: last, on: Self.day))
        let body = try #require(people.detailsBody(id: last, on: Self.day, appending: PersonAppendix.allCases))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(((object["combined_credits"] as? [String: Any])?["cast"] as? [Any])?.isEmpty == true)
        #expect(cache.builds == 0)
        _ = people.detailsBody(id: PersonPool.id(3), on: Self.day, appending: PersonAppendix.allCases)
        #expect(cache.builds == 1)
    }

    @Test("a death shows a deathday from its day on, and the person feed lists the person that day")
    func death() throws {
        let baseCount = Self.people.baseCount
        let slot = try #require(
            (0..<baseCount).first { Self.people.life(slot: $0).deathStep.map { (2...10).contains($0) } == true })
        let step = try #require(Self.people.life(slot: slot).deathStep)
        let id = PersonPool.id(slot)
        let dayOfDeath = SandboxCatalogueUniverse.evolutionEpoch.adding(days: step)
        #expect(Self.people.deathday(id: id, on: dayOfDeath.adding(days: -1)) == nil)
        #expect(Self.people.deathday(id: id, on: dayOfDeath) == dayOfDeath.isoDate)
        #expect(try Self.details(id, on: dayOfDeath, [])["deathday"] as? String == dayOfDeath.isoDate)
        #expect(Self.people.changedIds(on: dayOfDeath).contains(id))
        #expect(!Self.people.changedIds(on: dayOfDeath.adding(days: 1)).contains(id))
    }

    @Test("a removed person leaves the export and answers 404 from its day, and the feed lists it that day")
    func removal() throws {
        let slot = try #require(
            (0..<Self.people.baseCount).first {
                Self.people.life(slot: $0).removalStep.map { (2...10).contains($0) } == true
            })
        let step = try #require(Self.people.life(slot: slot).removalStep)
        let id = PersonPool.id(slot)
        let removed = SandboxCatalogueUniverse.evolutionEpoch.adding(days: step)
        #expect(Self.people.contains(id: id, on: removed.adding(days: -1)))
        #expect(Self.people.detailsBody(id: id, on: removed.adding(days: -1), appending: []) != nil)
        #expect(!Self.people.contains(id: id, on: removed))
        #expect(Self.people.isRemoved(id: id, on: removed))
        #expect(Self.people.detailsBody(id: id, on: removed, appending: []) == nil)
        #expect(Self.people.changedIds(on: removed).contains(id))
    }

    @Test("a merged duplicate leaves the export and answers 404 from its day, its survivor gains its name that day")
    func merge() throws {
        let people = Self.people
        let slot = try #require(
            (PersonPool.count..<people.baseCount).first {
                people.life(slot: $0).merge.map { $0.isDuplicate && (2...10).contains($0.step) } == true
            })
        let merge = try #require(people.life(slot: slot).merge)
        let (duplicate, survivor) = (PersonPool.id(slot), PersonPool.id(merge.partner))
        let merged = SandboxCatalogueUniverse.evolutionEpoch.adding(days: merge.step)
        let before = merged.adding(days: -1)
        let aliases = { (day: ExportDay) in try Self.details(survivor, on: day, [])["also_known_as"] as? [String] }
        // Only people credited nowhere merge: no title's credit names the duplicate.
        #expect(people.credits(id: duplicate, on: before)?.isEmpty == true)
        #expect(people.contains(id: duplicate, on: before) && people.survivor(ofMerged: duplicate, on: before) == nil)
        #expect(!people.contains(id: duplicate, on: merged))
        #expect(people.detailsBody(id: duplicate, on: merged, appending: []) == nil)
        #expect(people.survivor(ofMerged: duplicate, on: merged) == survivor)
        #expect(!people.isRemoved(id: duplicate, on: merged))
        #expect(!people.ids(on: merged, adult: PersonPool.person(slot).adult).contains(duplicate))
        let name = try Self.details(duplicate, on: before, [])["name"] as? String
        #expect(try aliases(merged) == aliases(before).map { $0 + [try #require(name)] })
        #expect(try aliases(merged.adding(days: 5)) == aliases(merged))
        #expect(Set([duplicate, survivor]).isSubset(of: people.changedIds(on: merged)))
        #expect(!people.changedIds(on: merged.adding(days: 1)).contains(duplicate))
    }

    @Test("the details of people credited nowhere change only on the days the person feed lists them, popularity aside")
    func detailsChangeWithFeed() throws {
        let people = Self.people
        var changes = 0
        var previous: [Int: NSDictionary] = [:]
        for offset in 0...14 {
            let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: offset)
            let listed = Set(people.changedIds(on: day))
            var current: [Int: NSDictionary] = [:]
            for slot in PersonPool.count..<people.slotCount(at: people.titles.step(day)) {
                let id = PersonPool.id(slot)
                if let body = people.detailsBody(id: id, on: day, appending: PersonAppendix.allCases) {
                    var object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
                    object["popularity"] = nil
                    current[id] = object as NSDictionary
                }
                guard offset > 0, current[id] != previous[id] else { continue }
                #expect(listed.contains(id), "person \(id) changed on day \(offset) with no feed entry")
                changes += 1
            }
            previous = current
        }
        // Births, deaths, removals and merges over two weeks.
        #expect(changes > 20)
    }

    @Test("people born after the epoch are above every earlier id and in the feed on their day")
    func births() {
        let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 3)
        let before = Set(Self.people.ids(on: day.adding(days: -1), adult: false))
        let born = Self.people.ids(on: day, adult: false).filter { !before.contains($0) }
        #expect(!born.isEmpty)
        #expect(born.allSatisfy { $0 > before.max()! })
        #expect(Set(born).isSubset(of: Set(Self.people.changedIds(on: day))))
    }

    @Test("popularity drifts from one day to the next with no feed entry")
    func drift() throws {
        let id = PersonPool.id(42)
        let day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 4)
        let today = try #require(Self.people.popularity(id: id, on: day))
        let tomorrow = try #require(Self.people.popularity(id: id, on: day.adding(days: 1)))
        #expect(today != tomorrow)
        #expect(!Self.people.changedIds(on: day.adding(days: 1)).contains(id))
        #expect(try Self.details(id, on: day, [])["popularity"] as? Double == today)
    }

    @Test("the details carry TMDB's quirks: gender 0, birthday empty or null, aliases in several scripts, …")
    func quirks() throws {
        var genders: Set<Int> = []
        var birthdays = (empty: false, null: false)
        var found = (imdbNull: false, departmentNull: false, newline: false, quote: false, nonLatin: false)
        for index in 0..<400 {
            let body = try Self.details(
                PersonPool.id(index), on: SandboxCatalogueUniverse.evolutionEpoch, [.externalIds])
            genders.insert(try #require(body["gender"] as? Int))
            if body["birthday"] as? String == "" { birthdays.empty = true }
            if body["birthday"] is NSNull { birthdays.null = true }
            if body["imdb_id"] is NSNull { found.imdbNull = true }
            if body["known_for_department"] is NSNull { found.departmentNull = true }
            let biography = try #require(body["biography"] as? String)
            if biography.contains("\n") { found.newline = true }
            if biography.contains("\"") { found.quote = true }
            let aliases = try #require(body["also_known_as"] as? [String])
            if aliases.contains(where: { $0.unicodeScalars.contains { $0.value > 0x3000 } }) { found.nonLatin = true }
            let external = try #require(body["external_ids"] as? [String: Any])
            #expect((external["imdb_id"] as? String) == (body["imdb_id"] as? String))
            #expect(external.keys.contains("tiktok_id") && external.keys.contains("youtube_id"))
        }
        #expect(genders == [0, 1, 2, 3])
        #expect(birthdays.empty && birthdays.null)
        #expect(found.imdbNull && found.departmentNull && found.newline && found.quote && found.nonLatin)
    }

    @Test("the person export lists the day's people with the day's popularity, adult ones only in the adult file")
    func export() throws {
        for adult in [false, true] {
            let file = try #require(
                PersonExportFileName(SandboxPersonUniverse.exportFileName(adult: adult, on: Self.day)))
            let producer = PersonExportFileProducer(people: Self.people, file: file)
            var compressed: [UInt8] = []
            while let piece = producer.next() { compressed += piece }
            let text = String(decoding: try #require(gunzip(compressed)), as: UTF8.self)
            var ids: [Int] = []
            for line in text.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys) == ["adult", "id", "name", "popularity"])
                #expect(object["adult"] as? Bool == adult)
                let id = try #require(object["id"] as? Int)
                if id % 50 == 0 {
                    #expect(object["popularity"] as? Double == Self.people.popularity(id: id, on: Self.day))
                }
                ids.append(id)
            }
            #expect(ids.sorted() == Self.people.ids(on: Self.day, adult: adult))
            #expect(!ids.isEmpty)
        }
    }
}
