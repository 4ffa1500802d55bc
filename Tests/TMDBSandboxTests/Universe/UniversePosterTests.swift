import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Posters of generated catalogue items", .timeLimit(.minutes(15)))
struct UniversePosterTests {
    @Test("carry the id in the file name, which the image route serves and refuses when altered")
    func servedByID() async throws {
        var options = SandboxOptions()
        options.catalogueSize = 10_600
        try await withSandbox(options) { server in
            let universe = server.universe
            let today = ExportDay(Date())
            let generated = universe.ids(.movie, on: today, adult: false).filter { $0 > 72_893 }
            let posters = generated.compactMap { id in universe.movieDetails(id: id, on: today)?.movie.posterPath }
            let withPoster = try #require(posters.first)
            #expect(ImagePath.universeID(withPoster).map { universe.movieDetails(id: $0, on: today) != nil } == true)
            let connection = try RawHTTPConnection(port: server.port)
            let found = try connection.get("/t/p/w92\(withPoster)", authorized: false)
            #expect(found.status == 200 && found.body.starts(with: [0xFF, 0xD8]))
            // The same id with other characters after it is no poster of ours.
            var altered = Array(withPoster.utf8)
            altered[20] = altered[20] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
            let missing = try connection.get("/t/p/w92\(String(decoding: altered, as: UTF8.self))", authorized: false)
            #expect(missing.status == 404)
        }
    }
}
