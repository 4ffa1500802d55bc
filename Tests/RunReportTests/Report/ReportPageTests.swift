import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("report.html as rendered from a manifest and its data sets")
struct ReportPageTests {
    /// A list of three rated titles from 1999, 2001 and 2003 in three genres, with two posters.
    static func listDataSet(title: String = "Heat", genre: String = "Drama") -> ReportDataSet {
        var statistics = DataSetStatistics()
        for (vote, date) in [("7.5", "1999-01-01"), ("8.0", "2001-06-30"), ("10.0", "2003-12-31")] {
            statistics.count(voteAverage: vote, voteCount: "10", date: date)
        }
        statistics.count(voteAverage: "0", voteCount: "0", date: "")
        for name in [genre, genre, "Crime", "Thriller"] { statistics.count(genre: name) }
        statistics.posters = [
            PosterTile(rank: 1, title: title, file: "posters/w92/a.jpg", year: 1999, voteAverage: "7.5"),
            PosterTile(rank: 3, title: "Ronin", file: "posters/w92/b.jpg", year: 2003, voteAverage: "10.0"),
        ]
        return ReportDataSet(origin: .list(0), file: "movie_top_rated.csv", isSeries: false, statistics: statistics)
    }

    static func render(
        _ manifest: Manifest = ReportFixtures.manifest(), dataSets: [ReportDataSet] = [listDataSet()]
    ) -> String {
        ReportPage(manifest: manifest, dataSets: dataSets).html()
    }

    @Test("draws each chart with one bar per bin, year, genre and phase of a small list")
    func listCharts() throws {
        let html = Self.render()
        let bars = { (name: String) in
            occurrences(of: "<rect class=\"bar", in: ReportFixtures.chart(name, in: html) ?? "")
        }
        #expect(bars("votes") == DataSetStatistics.voteBinCount)
        #expect(bars("years") == 5)  // 1999 to 2003, the years without a release at zero
        #expect(bars("genres") == 3)
        #expect(bars("timings") == 5)  // setup, lists, posters, finishing, the whole run
        let years = try #require(ReportFixtures.chart("years", in: html))
        #expect(years.contains("<title>2000: 0 titles</title>"))
        #expect(years.contains("<title>2003: 1 titles</title>"))
        #expect(try #require(ReportFixtures.chart("genres", in: html)).contains("<title>Drama: 2 · 50.0%</title>"))
        #expect(html.contains("mean vote <b>8.50</b> over 3"))
        #expect(html.contains("1 without votes"))
    }

    @Test("shows the status, run id, start, duration, counts, retries and 429s")
    func header() {
        let html = Self.render()
        #expect(html.contains(#"<span class="badge status-complete" data-status="complete">complete</span>"#))
        #expect(html.contains("<code>20261122T020000Z</code>"))
        #expect(html.contains("Started 2026-11-22 02:00 UTC"))
        #expect(html.contains("Took 12.5 s"))
        #expect(html.contains(#"<div class="value">40</div>"#))
        #expect(html.contains("1 retries · 1 × 429"))
        #expect(html.contains("<p class=\"empty\">None.</p>"))
    }

    @Test("links posters two folders up, into the job's posters folder, with rank and title")
    func posters() {
        let html = Self.render()
        #expect(html.contains(#"<img src="../../posters/w92/a.jpg" alt="Heat""#))
        #expect(html.contains(#"<img src="../../posters/w92/b.jpg" alt="Ronin""#))
        #expect(html.contains(#"<span class="rank">3</span>"#))
        #expect(occurrences(of: "<img ", in: html) == 2)
    }

    @Test("points relative links at the run when opened through latest, with an inline script and nothing else")
    func selfContained() {
        let html = Self.render()
        #expect(html.contains(#"base.href = "../runs/20261122T020000Z/";"#))
        #expect(occurrences(of: "<script", in: html) == 1)
        #expect(!html.contains("<script src") && !html.contains("<link") && !html.contains("@import"))
        // Every link and source is relative: no scheme, no absolute path.
        let pattern = try! NSRegularExpression(pattern: #"(?:src|href)="([^"]*)""#)
        let links = pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
        #expect(!links.isEmpty)
        for link in links { #expect(!link.contains(":") && !link.hasPrefix("/"), "\(link)") }
    }

    static let hostile = [
        "</script><img src=x onerror=alert(1)>", "<script>alert(1)</script>", "\"><svg onload=alert(1)>",
        "' onmouseover='alert(1)", "&lt;already&gt; & <b>bold</b>",
    ]

    @Test("escapes hostile text in titles, genres, failures and the job's name", arguments: hostile)
    func escaping(text: String) throws {
        let manifest = ReportFixtures.manifest(
            job: text,
            failures: [
                Manifest.Failure(endpoint: text, page: 3, reason: text),
                Manifest.Failure(endpoint: "poster w92/x.jpg", page: nil, reason: "HTTP 500: \(text)"),
            ])
        let html = Self.render(manifest, dataSets: [Self.listDataSet(title: text, genre: text)])
        let escaped = HTMLText.escaped(text)
        #expect(!html.contains(text))
        #expect(occurrences(of: escaped, in: html) >= 6)
        #expect(occurrences(of: "<script", in: html) == 1)
        #expect(occurrences(of: "</script>", in: html) == 1)
        #expect(!html.contains("<img src=x") && !html.contains("<svg onload") && !html.contains("<b>bold"))
        #expect(html.contains(#"<p class="alert"><b>2 failures</b>"#))
    }

    @Test("counts every failure of failures.ndjson, lists the manifest's first ones, and shows carried ids")
    func carriedFailures() throws {
        var catalogue = ReportFixtures.catalogue(files: [ReportFixtures.file("movies.csv", rows: 985)])
        catalogue.idsFailed = 250
        catalogue.idsCarried = 240
        catalogue.idsLeftOut = 10
        var manifest = ReportFixtures.manifest(
            failures: (1...Manifest.listedFailures).map { Manifest.Failure(.details(.movie, UInt32($0)), reason: "r") },
            catalogue: [catalogue])
        manifest.failureCount = 250
        manifest.failuresFile = ReportFixtures.file("failures.ndjson", rows: 250)
        let html = Self.render(manifest, dataSets: [])
        #expect(html.contains(#"<p class="alert"><b>250 failures</b>"#))
        #expect(html.contains(#"… and 150 more in <a href="failures.ndjson">failures.ndjson</a>."#))
        #expect(html.contains("<dt>failed, carried with their previous rows</dt><dd>240</dd>"))
        #expect(html.contains("<dt>failed, left out (new)</dt><dd>10</dd>"))
    }

    @Test("escapes every character that could end text or an attribute, and drops control characters")
    func htmlText() {
        #expect(
            HTMLText.escaped(#"<a href="x" title='y'>&</a>"#)
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(HTMLText.escaped("tab\tline\nnul\u{0}esc\u{1B}") == "tab\tline\nnul\u{FFFD}esc\u{FFFD}")
        #expect(HTMLText.escaped("千と千尋 🎬") == "千と千尋 🎬")
    }

    @Test("shows a catalogue's night: its changes, its tables' rows, and its movies' charts")
    func catalogue() throws {
        let files =
            ["movies", "movie_genres", "movie_cast"].map { ReportFixtures.file("\($0).csv", rows: 7) }
            + [ReportFixtures.file("movies.ndjson", rows: 7), ReportFixtures.file("movie_details.ndjson", rows: 7)]
        let manifest = ReportFixtures.manifest(catalogue: [ReportFixtures.catalogue(files: files)], posterSize: nil)
        var dataSet = Self.listDataSet()
        dataSet.origin = .catalogue(0)
        dataSet.file = "movies.csv"
        dataSet.statistics.posters = []
        let html = Self.render(manifest, dataSets: [dataSet])
        let changes = try #require(ReportFixtures.chart("changes", in: html))
        #expect(occurrences(of: "<rect class=\"bar", in: changes) == 5)
        for figure in [
            "added: 5", "changed: 7", "gone from the export: 3", "now not found (404): 1", "carried over: 973",
        ] {
            #expect(changes.contains("<title>\(figure)</title>"), "\(figure)")
        }
        let tables = try #require(ReportFixtures.chart("tables", in: html))
        #expect(occurrences(of: "<rect class=\"bar", in: tables) == 3)
        #expect(ReportFixtures.chart("votes", in: html) != nil)
        #expect(html.contains("on run 20261121T020000Z"))
        #expect(html.contains(#"<div class="value">985</div>"#))
        #expect(html.contains("This catalogue does not download posters"))
    }
}
