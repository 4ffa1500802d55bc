import Testing

@testable import TMDBSandbox

@Suite("Request targets")
struct RequestTargetTests {
    @Test("splits the path from the query and decodes both")
    func splitsAndDecodes() {
        let target = RequestTarget("/t/p/w500/%2E%2E/a%20b.jpg?api_key=k%3D1&language=en-US&q=a+b&flag")
        #expect(target.rawPath == "/t/p/w500/%2E%2E/a%20b.jpg")
        #expect(target.path == "/t/p/w500/../a b.jpg")
        #expect(target.queryValue("api_key") == "k=1")
        #expect(target.queryValue("language") == "en-US")
        #expect(target.queryValue("q") == "a b")
        #expect(target.queryValue("flag") == "")
        #expect(target.queryValue("missing") == nil)
    }

    @Test("keeps malformed escapes as they are")
    func keepsMalformedEscapes() {
        #expect(RequestTarget("/a%zzb%4").path == "/a%zzb%4")
    }

    @Test("takes the first of repeated query items")
    func firstRepeatedItem() {
        #expect(RequestTarget("/3/movie/popular?page=2&page=3").queryValue("page") == "2")
    }
}
