import RunStore

/// `report.html`: a run as one self-contained page, rendered from the manifest and the data sets read back.
///
/// Nothing is fetched from elsewhere: the styles are inline, the charts are inline SVG, and the only script (inline)
/// points relative links at the run when the page is opened through `latest`. Posters are relative links into the
/// job's shared `posters/`: from `runs/<run-id>/`, `../../posters/<size>/<file>`. Every text that comes from data is
/// escaped (``HTMLText``).
package struct ReportPage {
    package var manifest: Manifest
    package var dataSets: [ReportDataSet]

    /// How many failures the page lists; the manifest has them all.
    package static let failureLimit = 200

    package func html() -> String {
        let title = "\(manifest.job) · \(manifest.runID) · tmdb-export report"
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="tmdb-export \(HTMLText.escaped(manifest.toolVersion))">
            <title>\(HTMLText.escaped(title))</title>
            \(baseScript)<style>\(ReportStyle.css)</style>
            </head>
            <body>

            """
        page += header
        page += #"<main class="wrap">\#n"#
        page += keyFigures
        if manifest.failuresTotal > 0 {
            page += #"<p class="alert"><b>\#(ReportFormat.count(manifest.failuresTotal)) "#
            page += "\(manifest.failuresTotal == 1 ? "failure" : "failures")</b> in this run: "
            page += ##"<a href="#failures">see the list</a>.</p>"## + "\n"
        }
        for dataSet in dataSets {
            if case .list(let index) = dataSet.origin { page += listSection(dataSet, manifest.requests[index]) }
        }
        for (index, catalogue) in (manifest.catalogue ?? []).enumerated() {
            page += catalogueSection(catalogue, dataSet: dataSets.first { $0.origin == .catalogue(index) })
        }
        page += dimensionSection
        page += runSection
        page += failuresSection
        page += filesSection
        page += "</main>\n"
        page += """
            <footer class="wrap">Written by tmdb-export \(HTMLText.escaped(manifest.toolVersion)) from this run's \
            <a href="manifest.json">manifest.json</a> and data files. Self-contained: no script, font or image \
            from elsewhere; posters are this job's own files.</footer>
            </body>
            </html>

            """
        return page
    }

    /// Opened as `latest/report.html`, relative links would resolve from the job's folder (a browser resolves them
    /// by name, not through the symlink): a `<base>` points them at the run's folder. Left out for an unusual id.
    private var baseScript: String {
        let id = manifest.runID
        let plain = id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
        guard !id.isEmpty, plain else { return "" }
        return """
            <script>(function () {
              var parts = location.pathname.split("/");
              if (parts[parts.length - 2] !== "latest") return;
              var base = document.createElement("base");
              base.href = "../runs/\(id)/";
              document.head.appendChild(base);
            })();</script>

            """
    }

    private var header: String {
        var meta = [
            "Run <code>\(HTMLText.escaped(manifest.runID))</code>",
            "Started \(HTMLText.escaped(ReportFormat.time(manifest.startedAt)))",
            "Took \(ReportFormat.seconds(manifest.elapsedSeconds))",
        ]
        if manifest.resumed { meta.append("Resumed an interrupted run") }
        meta.append(HTMLText.escaped(manifest.language + (manifest.region.map { " · \($0)" } ?? "")))
        meta.append("tmdb-export \(HTMLText.escaped(manifest.toolVersion))")
        let status = manifest.status.rawValue
        return """
            <header class="masthead"><div class="wrap">
            <p class="eyebrow">tmdb-export · run report</p>
            <div class="title-row"><h1>\(HTMLText.escaped(manifest.job))</h1>\
            <span class="badge status-\(status)" data-status="\(status)">\(status)</span></div>
            <p class="meta">\(meta.map { "<span>\($0)</span>" }.joined())</p>
            </div></header>

            """
    }

    /// The run at a glance: rows, pages, posters, requests, failures, bytes written.
    private var keyFigures: String {
        var cards: [(label: String, value: String, sub: String, tone: String?)] = []
        let listRows = manifest.requests.reduce(0) { $0 + $1.rowsWritten }
        if !manifest.requests.isEmpty {
            let lists = manifest.requests.count
            cards.append(("Rows", ReportFormat.count(listRows), "in \(lists) \(lists == 1 ? "list" : "lists")", nil))
            let fetched = manifest.requests.reduce(0) { $0 + $1.pagesFetched }
            let planned = manifest.requests.reduce(0) { $0 + $1.pagesPlanned }
            let failed = manifest.requests.reduce(0) { $0 + $1.pagesFailed }
            cards.append(
                (
                    "Pages", "\(ReportFormat.count(fetched)) / \(ReportFormat.count(planned))",
                    "\(ReportFormat.count(failed)) failed", failed > 0 ? "bad" : nil
                ))
        }
        for catalogue in manifest.catalogue ?? [] {
            cards.append(
                (
                    catalogue.type.reportNouns.card,
                    ReportFormat.count(catalogue.idsInSnapshot ?? catalogue.idsFetched),
                    "\(ReportFormat.count(catalogue.idsFetched)) fetched"
                        + (catalogue.mode == .incremental ? " tonight" : ""),
                    catalogue.idsFailed > 0 ? "bad" : nil
                ))
        }
        if let posters = posterCounts {
            cards.append(
                (
                    "Posters", ReportFormat.count(posters.downloaded + posters.alreadyPresent),
                    "\(ReportFormat.count(posters.downloaded)) new · \(ReportFormat.count(posters.failed)) failed",
                    posters.failed > 0 ? "bad" : nil
                ))
        }
        cards.append(
            (
                "API requests", ReportFormat.count(manifest.apiRequests),
                "\(ReportFormat.count(manifest.apiRetries)) retries · \(ReportFormat.count(manifest.throttled)) × 429",
                manifest.throttled > 0 ? "warn" : nil
            ))
        cards.append(
            (
                "Failures", ReportFormat.count(manifest.failuresTotal),
                manifest.failuresTotal == 0 ? "none" : "listed below", manifest.failuresTotal == 0 ? "good" : "bad"
            ))
        let files = allFiles
        cards.append(
            (
                "Written", ReportFormat.bytes(files.reduce(0) { $0 + $1.bytes }),
                "\(files.count) \(files.count == 1 ? "file" : "files")", nil
            ))
        var html = #"<section class="kpis" aria-label="Key figures">\#n"#
        for card in cards {
            html += #"<div class="kpi\#(card.tone.map { " \($0)" } ?? "")"><div class="label">\#(card.label)</div>"#
            html += #"<div class="value">\#(card.value)</div><div class="sub">\#(card.sub)</div></div>\#n"#
        }
        return html + "</section>\n"
    }

    /// The posters of the lists' rows and of the ids the catalogues wrote, together; nil when posters were off.
    private var posterCounts: Manifest.PosterCounts? {
        let counts = [manifest.posterFiles].compactMap { $0 } + (manifest.catalogue ?? []).compactMap(\.posters)
        guard !counts.isEmpty else { return nil }
        return counts.reduce(into: Manifest.PosterCounts()) { total, next in
            total.downloaded += next.downloaded
            total.alreadyPresent += next.alreadyPresent
            total.failed += next.failed
        }
    }

    /// Every file the manifest names, `rejected.ndjson` included.
    package var allFiles: [Manifest.DataFile] {
        var files = manifest.requests.flatMap(\.files)
        if let rejected = manifest.rejectedFile { files.append(rejected) }
        for catalogue in manifest.catalogue ?? [] {
            files += catalogue.files
            files += catalogue.deltaFiles ?? []
            files += catalogue.stateFiles ?? []
        }
        for dimension in manifest.dimensions ?? [] { files += dimension.files }
        files += manifest.watchProviders?.files ?? []
        return files
    }

    package init(manifest: Manifest, dataSets: [ReportDataSet]) {
        self.manifest = manifest
        self.dataSets = dataSets
    }
}
