import Foundation
import Testing

@testable import TMDBSandbox

@Suite("Revisions of generated movies and series")
struct RevisionTests {
    static let space = CatalogueIdSpace.movies(size: 12_000)

    @Test("move the popularity on every version, never back to the version before's, and add votes every time")
    func everyVersionShows() {
        for slot in Self.space.listCount..<(Self.space.listCount + 300) {
            let base = UniverseMovieGenerator.exportFields(slot: slot).popularity
            var popularity = base
            var votes = 0
            for version in 1...8 {
                let revision = Revision(slot: slot, version: version, in: Self.space)!
                #expect(revision.popularity(from: base) != popularity, "slot \(slot) version \(version)")
                #expect(revision.voteCount(from: 0) > votes, "slot \(slot) version \(version)")
                popularity = revision.popularity(from: base)
                votes = revision.voteCount(from: 0)
            }
        }
        #expect(Revision(slot: Self.space.listCount, version: 0, in: Self.space) == nil)
    }

    @Test("edit titles, overviews, taglines, keywords, credits and runtimes of some versions")
    func someVersionsEditMore() {
        let revisions = (Self.space.listCount..<(Self.space.listCount + 400)).map {
            Revision(slot: $0, version: 1, in: Self.space)!
        }
        #expect(revisions.contains { $0.titleSuffix != nil })
        #expect(revisions.contains { $0.overviewAddition != nil })
        #expect(revisions.contains { $0.tagline != nil })
        #expect(revisions.contains { $0.keywordDelta == 1 } && revisions.contains { $0.keywordDelta == -1 })
        #expect(revisions.contains { $0.castDelta < 0 } && revisions.contains { $0.castDelta > 0 })
        #expect(revisions.contains { $0.crewDelta < 0 } && revisions.contains { $0.crewDelta > 0 })
        #expect(revisions.contains { $0.runtimeDelta != 0 })
        let popularityOnly = revisions.contains {
            $0.titleSuffix == nil && $0.overviewAddition == nil && $0.castDelta == 0 && $0.keywordDelta == 0
        }
        #expect(popularityOnly)
    }

    /// The `credit_id`s of a movie's cast and crew, in order.
    static func creditIds(movieId: Int, castDelta: Int, crewDelta: Int) throws -> (cast: [String], crew: [String]) {
        var json = JSONBuffer()
        MovieCreditsBody.append(to: &json, movieId: movieId, castDelta: castDelta, crewDelta: crewDelta)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        func ids(_ key: String) throws -> [String] {
            try #require(object[key] as? [[String: Any]]).map { try #require($0["credit_id"] as? String) }
        }
        return (try ids("cast"), try ids("crew"))
    }

    @Test(
        "trim or extend a cast and crew at their ends, leaving every other entry as it was",
        arguments: [(-3, 0), (2, 0), (0, -1), (0, 3), (-1, 2)])
    func creditEdits(castDelta: Int, crewDelta: Int) throws {
        let movieId = Self.space.id(slot: Self.space.listCount + 5)
        let base = try Self.creditIds(movieId: movieId, castDelta: 0, crewDelta: 0)
        let edited = try Self.creditIds(movieId: movieId, castDelta: castDelta, crewDelta: crewDelta)
        #expect(edited.cast.count == base.cast.count + castDelta)
        #expect(edited.crew.count == base.crew.count + crewDelta)
        let keptCast = min(base.cast.count, edited.cast.count)
        let keptCrew = min(base.crew.count, edited.crew.count)
        #expect(edited.cast.prefix(keptCast) == base.cast.prefix(keptCast))
        #expect(edited.crew.prefix(keptCrew) == base.crew.prefix(keptCrew))
    }

    @Test("add a keyword after the others, or drop the last one", arguments: [1, -1])
    func keywordEdits(delta: Int) throws {
        func keywords(_ delta: Int) throws -> [Int] {
            var json = JSONBuffer()
            MovieSubresourceBody.appendKeywords(to: &json, movieId: 72_907, delta: delta)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
            return try #require(object["keywords"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        }
        let base = try keywords(0)
        let edited = try keywords(delta)
        #expect(base.count > 1)
        #expect(edited.count == base.count + delta)
        #expect(delta > 0 ? edited.starts(with: base) : base.starts(with: edited))
    }
}
