import Testing

@testable import RunStore

@Suite("Poster file names from the network")
struct PosterFileNameTests {
    @Test(
        "accepts TMDB's single-file poster paths",
        arguments: [
            ("/kqjL17yufvn9OVLyXYpvtyrFfak.jpg", "kqjL17yufvn9OVLyXYpvtyrFfak.jpg"),
            ("/a-b_c.PNG", "a-b_c.PNG"),
            ("/x.webp", "x.webp"),
            ("/y.jpeg", "y.jpeg"),
        ])
    func accepts(path: String, name: String) {
        #expect(PosterFileName.safeFileName(for: path) == name)
    }

    @Test(
        "refuses anything that could leave the poster folder or is not an image name",
        arguments: [
            "/../../etc/passwd.jpg", "/a/b.jpg", "/..jpg", "/.hidden.jpg", "/x.exe", "", "/", "poster.jpg", "//x.jpg",
            "/x.jpg\u{0}", "/x y.jpg", "/%2e%2e.jpg", "/x\\y.jpg", "/x.jpg/", "/..", "/x",
        ])
    func refuses(path: String) {
        #expect(PosterFileName.safeFileName(for: path) == nil)
    }
}
