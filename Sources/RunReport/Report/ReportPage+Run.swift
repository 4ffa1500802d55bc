import Foundation

extension ReportPage {
    /// Where the time went, and each list's counts and the requests on the wire.
    package var runSection: String {
        var html = #"<section class="card run">\#n<h2>The run</h2>\#n"#
        html += #"<div class="charts">\#n<figure><figcaption>Timings <span class="note">phases overlap: posters "#
        html += "download while lists are fetched</span></figcaption>\n"
        var bars: [BarChart.Bar] = []
        if let timings = manifest.timings {
            let phases = [
                ("setup", timings.setupSeconds), ("lists", timings.listsSeconds),
                ("posters", timings.postersSeconds), ("finishing files", timings.finishSeconds),
            ]
            for (label, seconds) in phases where seconds > 0 || manifest.catalogue == nil {
                bars.append(.init(label: label, value: seconds, figure: ReportFormat.seconds(seconds)))
            }
        }
        for catalogue in manifest.catalogue ?? [] {
            guard let night = catalogue.incremental else { continue }
            bars.append(
                .init(
                    label: "\(catalogue.type): verify", value: night.verifySeconds,
                    figure: ReportFormat.seconds(night.verifySeconds)))
            bars.append(
                .init(
                    label: "\(catalogue.type): merge", value: night.mergeSeconds,
                    figure: ReportFormat.seconds(night.mergeSeconds)))
        }
        bars.append(
            .init(
                label: "whole run", value: manifest.elapsedSeconds,
                figure: ReportFormat.seconds(manifest.elapsedSeconds),
                tone: "tone-kept"))
        html += BarChart(name: "timings", title: "Seconds spent in each phase", bars: bars).svg()
        html += #"</figure>\#n<figure><figcaption>Requests on the wire</figcaption>\#n<table class="compact">"#
        html += #"<tr><th></th><th class="num">attempts</th><th class="num">retries</th>"#
        html += #"<th class="num">429</th></tr>"#
        html += #"<tr><td>TMDB API</td><td class="num">\#(ReportFormat.count(manifest.apiRequests))</td>"#
        html += #"<td class="num">\#(ReportFormat.count(manifest.apiRetries))</td>"#
        html += #"<td class="num">\#(ReportFormat.count(manifest.throttled))</td></tr>"#
        if manifest.posterSize != nil {
            html += "<tr><td>posters (\(HTMLText.escaped(manifest.posterSize ?? "")))</td>"
            html += #"<td class="num">\#(ReportFormat.count(manifest.posterRequests))</td>"#
            html += #"<td class="num">\#(ReportFormat.count(manifest.posterRetries))</td><td class="num">–</td></tr>"#
        }
        html += #"</table>\#n<p class="fineprint">Concurrency \#(manifest.concurrency). API "#
        html += "<code>\(HTMLText.escaped(manifest.apiBaseURL))</code>"
        if let images = manifest.imageBaseURL { html += ", images <code>\(HTMLText.escaped(images))</code>" }
        html += ". Finished \(HTMLText.escaped(ReportFormat.time(manifest.finishedAt))).</p>\n"
        if !manifest.unsafePosterPaths.isEmpty {
            html += #"<p class="fineprint">\#(ReportFormat.count(manifest.unsafePosterPaths.count)) "#
            html += "<code>poster_path</code> values refused as unsafe file names, e.g. "
            html += manifest.unsafePosterPaths.prefix(3).map { "<code>\(HTMLText.escaped($0.posterPath))</code>" }
                .joined(separator: ", ")
            html += ".</p>\n"
        }
        html += "</figure>\n</div>\n"
        if !manifest.requests.isEmpty { html += requestsTable }
        return html + "</section>\n"
    }

    private var requestsTable: String {
        var html = #"<h3>Lists</h3>\#n<table>\#n<tr><th>endpoint</th><th>pages</th><th class="num">fetched</th>"#
        html += #"<th class="num">failed</th><th class="num">rows</th><th class="num">rejected</th>"#
        html += #"<th class="num">repaired</th><th class="num">duplicates</th><th class="num">posters</th></tr>\#n"#
        for request in manifest.requests {
            let posters = request.posters
            html += "<tr><td><code>\(HTMLText.escaped(request.endpoint))</code></td>"
            html += "<td>\(HTMLText.escaped(request.pages))</td>"
            html += #"<td class="num">\#(ReportFormat.count(request.pagesFetched)) / "#
            html += "\(ReportFormat.count(request.pagesPlanned))</td>"
            html += #"<td class="num\#(request.pagesFailed > 0 ? " bad" : "")">\#(request.pagesFailed)</td>"#
            html += #"<td class="num">\#(ReportFormat.count(request.rowsWritten))</td>"#
            html += #"<td class="num\#(request.itemsRejected > 0 ? " bad" : "")">\#(request.itemsRejected)</td>"#
            html += #"<td class="num">\#(request.stringsRepaired)</td>"#
            html += #"<td class="num">\#(request.duplicatesDropped)</td>"#
            html += #"<td class="num" title="downloaded, already present, failed, absent, unsafe">"#
            html += "\(ReportFormat.count(posters.downloaded + posters.alreadyPresent))"
            if posters.failed > 0 { html += #" <span class="bad">(\#(posters.failed) failed)</span>"# }
            html += "</td></tr>\n"
        }
        html += "</table>\n"
        if let rejected = manifest.rejectedFile {
            html += #"<p class="fineprint">\#(ReportFormat.count(rejected.rows)) items that could not be read are in "#
            html += #"<a href="\#(HTMLText.escaped(rejected.path))">\#(HTMLText.escaped(rejected.path))</a>.</p>\#n"#
        }
        return html
    }

    /// Every failure, escaped, up to ``failureLimit``.
    package var failuresSection: String {
        var html = #"<section class="card" id="failures">\#n<h2>Failures</h2>\#n"#
        guard !manifest.failures.isEmpty else { return html + #"<p class="empty">None.</p>\#n</section>\#n"# }
        html += #"<table class="failures">\#n<tr><th class="num">#</th><th>what</th><th class="num">page</th>"#
        html += "<th>why</th></tr>\n"
        for (index, failure) in manifest.failures.prefix(Self.failureLimit).enumerated() {
            html +=
                #"<tr><td class="num">\#(index + 1)</td><td><code>\#(HTMLText.escaped(failure.endpoint))</code></td>"#
            html += #"<td class="num">\#(failure.page.map(String.init) ?? "")</td>"#
            html += "<td>\(HTMLText.escaped(failure.reason))</td></tr>\n"
        }
        html += "</table>\n"
        let shown = min(manifest.failures.count, Self.failureLimit)
        if manifest.failuresTotal > shown {
            // Every failure is in failures.ndjson; a manifest written before it lists them all itself.
            let file = manifest.failuresFile?.path ?? "manifest.json"
            html += #"<p class="fineprint">… and \#(ReportFormat.count(manifest.failuresTotal - shown)) "#
            html += #"more in <a href="\#(HTMLText.escaped(file))">\#(HTMLText.escaped(file))</a>.</p>\#n"#
        }
        return html + "</section>\n"
    }

    /// The files of the run, with links, folded away.
    package var filesSection: String {
        let files = allFiles
        var html = #"<section class="card">\#n<details><summary>Files of this run "#
        html += #"<span class="note">\#(files.count), \#(ReportFormat.bytes(files.reduce(0) { $0 + $1.bytes }))"#
        html += #"</span></summary>\#n<table>\#n<tr><th>file</th><th class="num">rows</th><th class="num">size</th>"#
        html += "<th>SHA-256</th></tr>\n"
        for file in files {
            html += #"<tr><td><a href="\#(HTMLText.escaped(file.path))">\#(HTMLText.escaped(file.path))</a></td>"#
            html += #"<td class="num">\#(ReportFormat.count(file.rows))</td>"#
            html += #"<td class="num">\#(ReportFormat.bytes(file.bytes))</td>"#
            html += #"<td><code class="hash">\#(HTMLText.escaped(String(file.sha256.prefix(16))))…</code></td></tr>\#n"#
        }
        return html + "</table>\n</details>\n</section>\n"
    }
}
