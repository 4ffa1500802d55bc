import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Poster image responses")
struct PosterImageTests {
    let endpoint = TMDB.PosterImage(size: "w342", posterPath: "/a.jpg")

    @Test(
        "accepts image bodies by signature",
        arguments: [
            ("image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] as [UInt8]),
            ("image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]),
            ("image/webp", Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)),
        ])
    func acceptsImages(contentType: String, bytes: [UInt8]) throws {
        let response = HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: Data(bytes))
        #expect(try endpoint.decodeResponse(response) == Data(bytes))
    }

    @Test("refuses an HTML page served with 200, and image bytes with a non-image content type")
    func refusesNonImages() {
        let html = HTTPResponse(
            status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>oops</html>".utf8))
        #expect(throws: UnacceptableBody.self) { try endpoint.decodeResponse(html) }
        let lying = HTTPResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: Data("<html>".utf8))
        #expect(throws: UnacceptableBody.self) { try endpoint.decodeResponse(lying) }
    }
}
