import Foundation
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("Job files", .timeLimit(.minutes(15)))
struct JobLoaderTests {
    let loader = JobLoader()

    @Test("loads the contract's example with every field")
    func fullExample() throws {
        let job = try loader.parse(
            """
            {
              "name": "top_rated",
              "requests": [
                { "endpoint": "movie/top_rated", "pages": "1-25" },
                { "endpoint": "movie/popular", "pages": "all" }
              ],
              "language": "en-US",
              "region": "US",
              "posters": { "size": "w342" },
              "formats": ["csv", "ndjson"],
              "concurrency": 8
            }
            """, file: "example.json")
        #expect(job.name == "top_rated")
        #expect(
            job.requests == [
                Job.ListRequest(list: .topRated, pages: .range(1...25)), Job.ListRequest(list: .popular, pages: .all),
            ])
        #expect(job.requests.map(\.slug) == ["movie_top_rated", "movie_popular"])
        #expect(job.region == "US")
        #expect(job.posters == Job.PosterSettings(size: "w342", concurrency: 8))
        #expect(job.formats == [.csv, .ndjson])
        #expect(job.concurrency == 8)
    }

    @Test("fills the documented defaults for optional fields")
    func defaults() throws {
        let job = try loader.parse(
            #"{"name": "x", "requests": [{"endpoint": "movie/upcoming", "pages": "7"}]}"#, file: "x.json")
        #expect(job.language == "en-US")
        #expect(job.region == nil)
        #expect(job.posters?.size == "w342")
        #expect(job.formats == [.csv, .ndjson])
        #expect(job.concurrency == 8)
        #expect(job.retries == 4)
        #expect(job.rateLimit == 40)
        #expect(job.requests[0].pages == .range(7...7))
    }

    @Test("reads retries and a fractional rate limit")
    func resilienceSettings() throws {
        let job = try loader.parse(
            #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "retries": 0, "rateLimit": 2.5}"#,
            file: "x.json")
        #expect(job.retries == 0)
        #expect(job.rateLimit == 2.5)
    }

    @Test("reads discover params, a search query, details and a file name")
    func issueFiveFields() throws {
        let job = try loader.parse(
            #"""
            {"name": "x", "requests": [
              {"endpoint": "discover/movie", "name": "dramas", "details": true, "pages": "1-2",
               "params": {"with_genres": "18", "primary_release_year": 1999, "vote_average.gte": 7.5, "include_adult": false}},
              {"endpoint": "search/tv", "query": "東京", "pages": "all"},
              {"endpoint": "discover/movie", "pages": "1"}
            ]}
            """#, file: "x.json")
        #expect(
            job.requests[0].source
                == .discover(
                    .movie,
                    parameters: [
                        .init(name: "with_genres", value: "18"), .init(name: "primary_release_year", value: "1999"),
                        .init(name: "vote_average.gte", value: "7.5"), .init(name: "include_adult", value: "false"),
                    ]))
        #expect(job.requests[0].slug == "dramas")
        #expect(job.requests[0].details)
        #expect(job.requests[1].source == .search(.tv, query: "東京"))
        #expect(job.requests[2].slug == "discover_movie")
    }

    @Test("reads history, false unless the job says true, and refuses anything but a boolean naming the field")
    func history() throws {
        let requests = #""requests": [{"endpoint": "movie/popular", "pages": "1"}]"#
        #expect(try loader.parse(#"{"name": "h", "history": true, "# + requests + "}", file: "h.json").history)
        #expect(try !loader.parse(#"{"name": "h", "# + requests + "}", file: "h.json").history)
        do {
            _ = try loader.parse(#"{"name": "h", "history": "yes", "# + requests + "}", file: "h.json")
            Issue.record("a string history was accepted")
        } catch {
            #expect(error.problems.map(\.description) == ["history: expected true or false, found a string"])
        }
    }

    @Test("turns posters off with false")
    func postersOff() throws {
        let job = try loader.parse(
            #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": false}"#,
            file: "x.json")
        #expect(job.posters == nil)
    }

    @Test(
        "reports one clear line naming the file and field for each bad job file",
        arguments: [
            (
                "{\n  \"name\": \"x\",\n  \"requests\": [ , ]\n}",
                "bad.json:3: invalid JSON at line 3, column 17: unexpected character ','"
            ),
            (#"{"requests": [{"endpoint": "movie/popular", "pages": "1"}]}"#, "bad.json: name: missing"),
            (
                #"{"name": "../evil", "requests": [{"endpoint": "movie/popular", "pages": "1"}]}"#,
                "bad.json:1: name: \"../evil\" is not a usable folder name"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/top_ratd", "pages": "1"}]}"#,
                "requests[0].endpoint: unknown endpoint \"movie/top_ratd\" (did you mean \"movie/top_rated\"?) (expected one of: movie/popular, movie/top_rated, movie/now_playing, movie/upcoming, tv/popular,"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "0-3"}]}"#,
                "requests[0].pages: \"0-3\": pages start at 1"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "5-2"}]}"#,
                "requests[0].pages: \"5-2\": the range ends before it starts"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "abc"}]}"#,
                "requests[0].pages: \"abc\" is not a page range (expected \"N\", \"A-B\" with 1 ≤ A ≤ B ≤ 500, or \"all\")"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1-501"}]}"#,
                "requests[0].pages: \"1-501\": TMDB serves at most 500 pages"
            ),
            (#"{"name": "x", "requests": [{"endpoint": "movie/popular"}]}"#, "requests[0].pages: missing"),
            (#"{"name": "x", "requests": []}"#, "requests: expected a non-empty array"),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "concurency": 4}"#,
                "concurency: unknown key (did you mean \"concurrency\"?)"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "concurrency": 0}"#,
                "concurrency: 0 is not a valid concurrency (expected an integer from 1 to 64)"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "formats": ["xlsx"]}"#,
                "formats[0]: \"xlsx\" is not a format"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "region": "usa"}"#,
                "region: \"usa\" is not a region"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "language": "English"}"#,
                "language: \"English\" is not a language"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": {"size": 342}}"#,
                "posters.size: a number is not an image size"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}, {"endpoint": "movie/popular", "pages": "2"}]}"#,
                "requests[1].endpoint: writes movie_popular.csv, which requests[0] writes too (expected a distinct \"name\" for each request of the same endpoint)"
            ),
            ("[1, 2]", "bad.json: expected a JSON object at the top level, found an array"),
            (
                #"{"name": "x", "requests": [{"endpoint": "search/movie", "pages": "1"}]}"#,
                "requests[0].query: search/movie needs the text to search for (expected a non-empty string, found nothing)"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "search/tv", "query": " ", "pages": "1"}]}"#,
                "requests[0].query: search/tv needs the text to search for (expected a non-empty string, found an empty string)"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "query": "x", "pages": "1"}]}"#,
                "requests[0].query: only search/movie and search/tv take a query"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "tv/popular", "params": {"a": 1}, "pages": "1"}]}"#,
                "requests[0].params: only discover/movie and discover/tv take params"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "discover/movie", "params": {"page": 2}, "pages": "1"}]}"#,
                "requests[0].params.page: is set by tmdb-export itself"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "discover/movie", "params": {"with_genres": [18]}, "pages": "1"}]}"#,
                "requests[0].params.with_genres: expected a string, number or boolean, found an array"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "discover/movie", "params": "with_genres=18", "pages": "1"}]}"#,
                "requests[0].params: expected an object of query parameters"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "tv/popular", "details": true, "pages": "1"}]}"#,
                "requests[0].details: only movie lists have details"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "details": "yes", "pages": "1"}]}"#,
                "requests[0].details: expected true or false, found a string"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "name": "a/b", "pages": "1"}]}"#,
                "requests[0].name: \"a/b\" is not a usable file name"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "name": "rejected", "pages": "1"}]}"#,
                "requests[0].name: \"rejected\" is reserved"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "discover/movie", "pages": "1"}, {"endpoint": "discover/movie", "pages": "2"}]}"#,
                "requests[1].endpoint: writes discover_movie.csv, which requests[0] writes too"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "name": "a", "details": true, "pages": "1"}, {"endpoint": "movie/top_rated", "name": "a_details", "pages": "1"}]}"#,
                "requests[1].name: writes a_details.csv, which requests[0] writes too"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/550/similr", "pages": "1"}]}"#,
                "unknown endpoint \"movie/550/similr\""
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "retries": -1}"#,
                "retries: -1 is not a valid number of retries (expected an integer from 0 to 20; 0 means one attempt only)"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "rateLimit": "fast"}"#,
                "rateLimit: expected a number of requests per second, found a string"
            ),
            (
                #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "ratelimit": 10}"#,
                "ratelimit: unknown key (did you mean \"rateLimit\"?)"
            ),
        ])
    func badFiles(text: String, expected: String) {
        let error = #expect(throws: JobFileError.self) { try loader.parse(text, file: "bad.json") }
        let lines = error?.lines ?? []
        #expect(lines.contains { $0.contains(expected) }, "got \(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("bad.json") && !$0.contains("\n") })
    }

    @Test("reports every problem at once, not just the first")
    func allProblems() {
        let error = #expect(throws: JobFileError.self) {
            try loader.parse(
                #"{"requests": [{"endpoint": "movie/nope", "pages": "0"}], "concurrency": 99}"#, file: "j.json")
        }
        #expect(
            Set(error?.problems.map(\.field) ?? []) == [
                "name", "requests[0].endpoint", "requests[0].pages", "concurrency",
            ])
    }

    @Test("finds a job by bare name or name.json in the jobs folder, and reports a missing file")
    func resolvesNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("weekly.json")
        try #"{"name": "weekly", "requests": [{"endpoint": "movie/popular", "pages": "1"}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let loader = JobLoader(jobsDirectory: directory.path)
        #expect(try loader.load("weekly").name == "weekly")
        #expect(try loader.load("weekly.json").name == "weekly")
        #expect(try loader.load(path).name == "weekly")
        let error = #expect(throws: JobFileError.self) { try loader.load("monthly") }
        #expect(error?.lines.first?.hasPrefix("monthly: no such job file") == true)
    }

    @Test("refuses a job file over 1 MiB before reading it, with a short error, even one holding a 100 MB name")
    func refusesLargeFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("huge.json")
        // Writing 100 MiB takes a while: on a thread of its own, not one of the few every test of the process shares.
        let created = try await onOwnThread {
            guard FileManager.default.createFile(atPath: path, contents: Data(#"{"requests": [], "name": ""#.utf8)),
                let file = FileHandle(forWritingAtPath: path)
            else { return false }
            file.seekToEndOfFile()
            let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<100 { file.write(chunk) }
            file.write(Data(#""}"#.utf8))
            file.closeFile()
            return true
        }
        try #require(created)
        let error = #expect(throws: JobFileError.self) { try JobLoader().load(path) }
        // The whole size comes from fstat, before any byte is read: past a read, the loader only knows that it got
        // more than 1048576 bytes, so its error would say "more than 1048576".
        #expect(
            error?.description
                == "\(path): the file is 104857628 bytes; a job file is at most 1048576 bytes (1 MiB), so this is not one",
            "refused without reading, let alone parsing, 100 MB"
        )

        let barelyOver = (directory.path as NSString).appendingPathComponent("over.json")
        let oneByteTooMany = Data(count: JobLoader.maximumFileSize + 1)
        #expect(FileManager.default.createFile(atPath: barelyOver, contents: oneByteTooMany))
        #expect(throws: JobFileError.self) { try JobLoader().load(barelyOver) }
        let parsed = try await onOwnThread { () -> String? in
            do throws(JobFileError) {
                _ = try JobLoader().parse(String(repeating: " ", count: 100 << 20), file: "t.json")
                return nil
            } catch {
                return error.description
            }
        }
        let description = try #require(parsed, "a 100 MB text is refused")
        #expect(description.utf8.count < 200)
    }

    @Test("quotes a long or hostile value in its error cut at 200 characters, with its length and escapes")
    func cutsQuotedValues() throws {
        let name = String(repeating: "n", count: 300_000) + #"\u001b[2J"#
        let error = #expect(throws: JobFileError.self) {
            try JobLoader().parse(
                #"{"name": "\#(name)", "requests": [{"endpoint": "movie/popular", "pages": "1"}]}"#, file: "j.json")
        }
        let line = try #require(error?.lines.first)
        #expect(line.utf8.count < 400)
        let quoted = "\"" + String(repeating: "n", count: 200) + "…\" (300004 characters)"
        #expect(line.hasPrefix("j.json:1: name: \(quoted) is not"))
        let hostile = #expect(throws: JobFileError.self) {
            try JobLoader().parse(
                #"{"name": "a\u001b[31mb", "requests": [{"endpoint": "movie/x\u001b]0;pwned\u0007", "pages": "1"}]}"#,
                file: "j.json")
        }
        let text = try #require(hostile?.description)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character: \(text)")
        #expect(text.contains(#"name: "a\u{1B}[31mb" is not"#))
        #expect(text.contains(#"unknown endpoint "movie/x\u{1B}]0;pwned\u{7}""#))
    }

    @Test("refuses a FIFO at once and a directory, naming what each is, instead of waiting or blaming permissions")
    func refusesFIFO() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("pipe.json")
        #expect(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: JobFileError.self) { try JobLoader().load(path) }
        #expect(error?.description == "\(path): a FIFO (named pipe), not a job file (expected a regular JSON file)")
        let folder = #expect(throws: JobFileError.self) { try JobLoader().load(directory.path) }
        #expect(folder?.description == "\(directory.path): a directory, not a job file (expected a regular JSON file)")
    }

    @Test("says JSON is too deep, not invalid, when it only nests too deeply")
    func tooDeep() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let error = #expect(throws: JobFileError.self) {
            try JobLoader().parse(#"{"name": "x", "requests": \#(deep)}"#, file: "d.json")
        }
        #expect(
            error?.description
                == "d.json:1: JSON nested more than 64 levels deep at line 1, column 90 (a job file needs 4)")
    }

    @Test("loads every job shipped in jobs/")
    func shippedJobs() throws {
        let jobs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../jobs")
            .standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: jobs.path).filter {
            $0.hasSuffix(".json") && $0 != "schema.json"
        }
        #expect(files.contains("top_rated.json"))
        for file in files {
            let job = try JobLoader().load(jobs.appendingPathComponent(file).path)
            #expect(job.name + ".json" == file, "a job's name should match its file name")
        }
        let topRated = try JobLoader().load(jobs.appendingPathComponent("top_rated.json").path)
        #expect(topRated.requests == [Job.ListRequest(list: .topRated, pages: .all)])
        #expect(topRated.posters?.size == "w342")
    }
}

@Suite("Page selections", .timeLimit(.minutes(15)))
struct PageSelectionTests {
    @Test(
        "parses the three forms",
        arguments: [
            ("7", PageSelection.range(7...7)), ("1-25", .range(1...25)), ("all", .all), ("ALL", .all),
            ("1-500", .range(1...500)),
            (" 3 - 4 ", .range(3...4)),
        ])
    func parses(text: String, expected: PageSelection) throws {
        #expect(try PageSelection.parse(text) == expected)
    }

    @Test(
        "rejects what is not a range of 1…500",
        arguments: ["0", "0-3", "5-2", "abc", "501", "1-", "-3", "1-2-3", "", "１"])
    func rejects(text: String) {
        #expect(throws: PageSelection.ParseError.self) { try PageSelection.parse(text) }
    }

    @Test("expands all to the pages TMDB serves")
    func expandsAll() {
        #expect(PageSelection.all.pages(lastServedPage: 500) == 1...500)
        #expect(PageSelection.all.pages(lastServedPage: 0) == 1...1)
        #expect(PageSelection.all.pages(lastServedPage: nil) == 1...1)
    }

    @Test(
        "stops a range at the list's last page, never before its own first, and keeps it whole when the size is unknown",
        arguments: [(500, 3...9), (9, 3...9), (5, 3...5), (3, 3...3), (2, 3...3), (0, 3...3), (nil, 3...9)]
            as [(Int?, ClosedRange<Int>)])
    func rangeStopsAtTheEnd(lastServedPage: Int?, expected: ClosedRange<Int>) {
        #expect(PageSelection.range(3...9).pages(lastServedPage: lastServedPage) == expected)
    }
}
