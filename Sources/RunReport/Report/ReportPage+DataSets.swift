import Foundation
import RunStore

extension ReportPage {
    /// A list: what it asked for and wrote, its charts and its first posters by rank.
    package func listSection(_ dataSet: ReportDataSet, _ request: Manifest.RequestSummary) -> String {
        let base = (dataSet.file as NSString).deletingPathExtension
        var html = #"<section class="card dataset" data-list="\#(HTMLText.escaped(request.endpoint))">\#n"#
        html += "<h2>\(HTMLText.escaped(request.endpoint))"
        if base != request.endpoint.replacingOccurrences(of: "/", with: "_") {
            html += #" <span class="aka">as \#(HTMLText.escaped(base))</span>"#
        }
        html += "</h2>\n"
        var chips = [
            "<b>\(ReportFormat.count(request.rowsWritten))</b> rows",
            "pages <b>\(HTMLText.escaped(request.pages))</b>: \(ReportFormat.count(request.pagesFetched)) of "
                + "\(ReportFormat.count(request.pagesPlanned)) fetched",
        ]
        if request.pagesFailed > 0 { chips.append(#"<b class="bad">\#(request.pagesFailed)</b> pages failed"#) }
        if request.pagesFromCache > 0 { chips.append("\(request.pagesFromCache) pages from the resumed run") }
        if request.itemsRejected > 0 { chips.append(#"<b class="bad">\#(request.itemsRejected)</b> items rejected"#) }
        if request.stringsRepaired > 0 { chips.append("\(request.stringsRepaired) strings repaired") }
        if request.duplicatesDropped > 0 { chips.append("\(request.duplicatesDropped) duplicates dropped") }
        if request.detailsWritten > 0 || request.detailsFailed > 0 {
            chips.append("details: \(request.detailsWritten) written, \(request.detailsFailed) failed")
        }
        html += chipList(chips + statisticsChips(dataSet.statistics))
        html += charts(dataSet, noun: "titles")
        html += "<h3>First posters by rank</h3>\n"
        html += contactSheet(
            dataSet.statistics.posters,
            empty: manifest.posterSize == nil ? "Posters were off for this run." : "No poster was saved for this list.")
        return html + "</section>\n"
    }

    package func chipList(_ chips: [String]) -> String {
        #"<ul class="chips">"# + chips.map { "<li>\($0)</li>" }.joined() + "</ul>\n"
    }

    package func statisticsChips(_ statistics: DataSetStatistics) -> [String] {
        var chips: [String] = []
        if let mean = statistics.meanVote {
            chips.append(
                "mean vote <b>\(String(format: "%.2f", mean))</b> over \(ReportFormat.count(statistics.rated))")
        }
        if statistics.unrated > 0 { chips.append("\(ReportFormat.count(statistics.unrated)) without votes") }
        if let first = statistics.releasesByYear.keys.min(), let last = statistics.releasesByYear.keys.max() {
            chips.append("released <b>\(first)</b>–<b>\(last)</b>")
        }
        if statistics.undated > 0 { chips.append("\(ReportFormat.count(statistics.undated)) without a date") }
        return chips
    }

    /// The distribution of vote averages, the top genres and the releases per year.
    package func charts(_ dataSet: ReportDataSet, noun: String) -> String {
        let statistics = dataSet.statistics
        var html = #"<div class="charts">\#n"#
        html += #"<figure><figcaption>Vote average <span class="note">\#(noun) with votes, by half point</span>"#
        html += "</figcaption>\n"
        html += statistics.rated == 0 ? #"<p class="empty">No votes.</p>"# : voteChart(statistics, noun: noun)
        html += "</figure>\n"
        let genres = statistics.topGenres()
        html += #"<figure><figcaption>Top genres <span class="note">\#(noun) per genre</span></figcaption>\#n"#
        if genres.isEmpty {
            html += #"<p class="empty">No genres.</p>"#
        } else {
            html += BarChart(
                name: "genres", title: "The \(genres.count) most frequent genres",
                bars: genres.map { genre in
                    BarChart.Bar(
                        label: genre.name, value: Double(genre.count),
                        figure: "\(ReportFormat.count(genre.count)) · "
                            + ReportFormat.percent(genre.count, of: statistics.rows))
                }
            ).svg()
        }
        html += "</figure>\n"
        html += #"<figure class="wide"><figcaption>Releases per year <span class="note">\#(noun) by the year of "#
        html += "their \(dataSet.isSeries ? "first air" : "release") date</span></figcaption>\n"
        html +=
            statistics.releasesByYear.isEmpty ? #"<p class="empty">No dates.</p>"# : yearChart(statistics, noun: noun)
        html += "</figure>\n"
        return html + "</div>\n"
    }

    private func voteChart(_ statistics: DataSetStatistics, noun: String) -> String {
        let width = DataSetStatistics.voteBinWidth
        let columns = statistics.voteBins.enumerated().map { index, count in
            let low = Double(index) * width
            let range = String(format: "%.1f–%.1f", low, low + width)
            return ColumnChart.Column(value: count, tooltip: "\(range): \(ReportFormat.count(count)) \(noun)")
        }
        let ticks = stride(from: 0, through: DataSetStatistics.voteBinCount, by: 2).map {
            ColumnChart.Tick(position: Double($0), label: String(Int(Double($0) * width)))
        }
        return ColumnChart(
            name: "votes", title: "Distribution of vote averages", columns: columns, ticks: ticks,
            xAxis: "vote average", yAxis: noun
        ).svg()
    }

    private func yearChart(_ statistics: DataSetStatistics, noun: String) -> String {
        let years = statistics.releasesByYear
        guard let first = years.keys.min(), let last = years.keys.max() else { return "" }
        let span = last - first + 1
        let step = span <= 12 ? 1 : span <= 30 ? 5 : span <= 90 ? 10 : 20
        let columns = (first...last).map { year in
            ColumnChart.Column(
                value: years[year] ?? 0, tooltip: "\(year): \(ReportFormat.count(years[year] ?? 0)) \(noun)")
        }
        let ticks = (first...last).filter { $0 % step == 0 }.map {
            ColumnChart.Tick(position: Double($0 - first) + 0.5, label: String($0))
        }
        return ColumnChart(
            name: "years", title: "Releases per year, \(first) to \(last)", columns: columns, ticks: ticks,
            xAxis: "year", yAxis: noun
        ).svg(width: 1120, height: 230)
    }

    /// Posters as a grid, each with its rank, title, year and vote; relative to the run folder, two levels below
    /// the job's folder.
    package func contactSheet(_ posters: [PosterTile], empty: String) -> String {
        guard !posters.isEmpty else { return #"<p class="empty">\#(HTMLText.escaped(empty))</p>\#n"# }
        var html = #"<ol class="sheet">\#n"#
        for poster in posters {
            let detail = [poster.year.map(String.init), poster.voteAverage.map { "★ \($0)" }].compactMap { $0 }
            html += #"<li><img src="../../\#(HTMLText.escaped(poster.file))" alt="\#(HTMLText.escaped(poster.title))" "#
            html += #"width="342" height="513"><span class="rank">\#(poster.rank)</span>"#
            html += #"<span class="caption" dir="auto" title="\#(HTMLText.escaped(poster.title))">"#
            html += "\(HTMLText.escaped(poster.title))</span>"
            html += #"<span class="detail">\#(HTMLText.escaped(detail.joined(separator: " · ")))</span></li>\#n"#
        }
        return html + "</ol>\n"
    }
}
