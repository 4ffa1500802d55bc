import Foundation
import TestSupport
import Testing

@testable import RunStore

@Suite("The page cache kept for --resume")
struct PageCacheTests {
    func body(_ page: Int) -> Data {
        Data(#"{"page":\#(page),"results":[{"id":\#(page * 10),"title":"Ünïcode"}]}"#.utf8)
    }

    @Test("gives back stored pages, also to a later run that opens the same staging folder")
    func storeAndReopen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCache(stagingRun: directory.path)
        try cache.prepare(slugs: ["top_rated", "popular"])
        for page in [3, 1, 2] { try cache.store(body(page), slug: "top_rated", page: page) }
        try cache.store(body(9), slug: "popular", page: 1)
        #expect(cache.load(slug: "top_rated", page: 2) == body(2))
        #expect(cache.load(slug: "top_rated", page: 4) == nil)

        let resumed = PageCache(stagingRun: directory.path)
        try resumed.prepare(slugs: ["top_rated", "popular"])
        for page in 1...3 { #expect(resumed.load(slug: "top_rated", page: page) == body(page)) }
        #expect(resumed.load(slug: "popular", page: 1) == body(9))
        #expect(resumed.load(slug: "popular", page: 2) == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted()
                == ["popular.pages", "top_rated.pages"])
    }

    @Test("after a crash cut the last page short, keeps the earlier pages and appends after them")
    func tornTail() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let crashed = PageCache(stagingRun: directory.path)
        try crashed.prepare(slugs: ["top_rated"])
        for page in 1...3 { try crashed.store(body(page), slug: "top_rated", page: page) }
        let path = crashed.path(slug: "top_rated")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size - 7)) == 0)

        let resumed = PageCache(stagingRun: directory.path)
        try resumed.prepare(slugs: ["top_rated"])
        #expect(resumed.load(slug: "top_rated", page: 2) == body(2))
        #expect(resumed.load(slug: "top_rated", page: 3) == nil)
        try resumed.store(body(3), slug: "top_rated", page: 3)

        let again = PageCache(stagingRun: directory.path)
        try again.prepare(slugs: ["top_rated"])
        for page in 1...3 { #expect(again.load(slug: "top_rated", page: page) == body(page)) }
    }

    @Test("refuses to store for a request it was not prepared for, naming the file")
    func unprepared() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCache(stagingRun: directory.path)
        try cache.prepare(slugs: ["top_rated"])
        let error = #expect(throws: OutputError.self) { try cache.store(body(1), slug: "popular", page: 1) }
        #expect(error?.path == cache.path(slug: "popular"))
    }

    @Test("removes its folder")
    func remove() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCache(stagingRun: directory.path)
        try cache.prepare(slugs: ["top_rated"])
        try cache.store(body(1), slug: "top_rated", page: 1)
        try cache.remove()
        #expect(!FileManager.default.fileExists(atPath: cache.directory))
        #expect(cache.load(slug: "top_rated", page: 1) == nil)
    }
}
