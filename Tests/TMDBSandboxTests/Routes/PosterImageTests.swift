import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Posters", .timeLimit(.minutes(15)))
struct PosterImageTests {
    static let posterPath = SandboxCatalogue.shared.page(1, of: .popular).compactMap(\.posterPath).first!

    /// Walks the marker segments from SOI to SOS, checking that every length lands on the next marker.
    static func segmentMarkers(_ bytes: [UInt8]) throws -> (markers: [UInt8], comment: String) {
        var markers: [UInt8] = []
        var comment = ""
        var offset = 2
        while true {
            try #require(offset + 4 <= bytes.count && bytes[offset] == 0xFF, "no marker at \(offset)")
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            markers.append(marker)
            if marker == 0xFE {
                comment = String(decoding: bytes[(offset + 4)..<(offset + 2 + length)], as: UTF8.self)
            }
            offset += 2 + length
            if marker == 0xDA { break }
        }
        return (markers, comment)
    }

    @Test("are JFIF JPEGs whose segments chain from SOI to EOI and carry their name in a comment")
    func jpegStructure() throws {
        let bytes = PosterImage.jpeg(size: "w500", path: "/abc.jpg")
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(Array(bytes[6..<10]) == Array("JFIF".utf8))
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
        let (markers, comment) = try Self.segmentMarkers(bytes)
        #expect(markers == [0xE0, 0xFE, 0xDB, 0xC0, 0xC4, 0xC4, 0xDA])
        #expect(comment == "tmdb-sandbox w500/abc.jpg")
        #expect(try Self.segmentMarkers(PosterImage.template).markers == [0xE0, 0xDB, 0xC0, 0xC4, 0xC4, 0xDA])
        #expect(bytes != PosterImage.jpeg(size: "w500", path: "/abd.jpg"))
        #expect(bytes != PosterImage.jpeg(size: "w342", path: "/abc.jpg"))
    }

    @Test("are served without credentials as image/jpeg", arguments: ["w92", "w500", "original"])
    func servesPoster(size: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/t/p/\(size)\(Self.posterPath)", credential: .none)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "image/jpeg")
            #expect([UInt8](response.body) == PosterImage.jpeg(size: size, path: Self.posterPath))
        }
    }

    @Test(
        "answer an unknown file or size with 404",
        arguments: ["/t/p/w500/doesNotExist.jpg", "/t/p/w9999\(posterPath)", "/t/p/w500", "/t/p/"])
    func unknownPoster(target: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, target, credential: .none)
            #expect(response.status == 404)
        }
    }

    @Test("serve TV show posters under the same path as movie posters")
    func servesShowPoster() async throws {
        let catalogue = SandboxCatalogue.shared
        let path = try #require(catalogue.tvPage(1, of: .popular).compactMap(\.posterPath).first)
        #expect(catalogue.movie(posterPath: path) == nil)
        try await withSandbox { server in
            let response = try await fetch(server, "/t/p/w342\(path)", credential: .none)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "image/jpeg")
            #expect([UInt8](response.body) == PosterImage.jpeg(size: "w342", path: path))
            #expect(server.posterFetchCounts() == [path: 1])
        }
    }

    @Test("are logged as posters, so a test can count fetches per file")
    func logsPosters() async throws {
        try await withSandbox { server in
            _ = try await fetch(server, "/3/configuration")
            for size in ["w92", "w500", "w500"] {
                _ = try await fetch(server, "/t/p/\(size)\(Self.posterPath)", credential: .none)
            }
            _ = try await fetch(server, "/t/p/w500/doesNotExist.jpg", credential: .none)
            let log = server.requestLog()
            #expect(log.map(\.isPoster) == [false, true, true, true, true])
            #expect(log[1].path == "/t/p/w92\(Self.posterPath)")
            #expect(log[1].posterPath == Self.posterPath)
            #expect(log[4].posterPath == nil)
            #expect(server.posterFetchCounts() == [Self.posterPath: 3])
        }
    }
}
