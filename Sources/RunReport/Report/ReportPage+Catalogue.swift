import Foundation
import RunStore

extension ReportPage {
    /// A catalogue: how its ids were chosen, what the night changed, its tables' rows, its charts and posters.
    package func catalogueSection(_ catalogue: Manifest.CatalogueSummary, dataSet: ReportDataSet?) -> String {
        let noun = catalogue.type.reportNouns.plural
        let type = HTMLText.escaped(catalogue.type.rawValue)
        var html = #"<section class="card catalogue" data-catalogue="\#(type)">\#n"#
        html += "<h2>\(catalogue.type.reportNouns.heading) catalogue</h2>\n"
        var chips = [
            "<b>\(HTMLText.escaped((catalogue.mode ?? .full).rawValue))</b> run",
            "export of <b>\(HTMLText.escaped(catalogue.exportDate))</b>",
        ]
        if let missing = catalogue.exportDateMissing {
            chips.append("\(HTMLText.escaped(missing))'s export was missing")
        }
        if let through = catalogue.changesThrough { chips.append("changes through \(HTMLText.escaped(through))") }
        if !catalogue.append.isEmpty {
            chips.append("with " + catalogue.append.map { HTMLText.escaped($0) }.joined(separator: ", "))
        }
        html += chipList(chips)
        html += idFigures(catalogue)
        html += #"<div class="charts">\#n"#
        html += "<figure><figcaption>Tonight's changes "
        if let night = catalogue.incremental {
            html += #"<span class="note">on run \#(HTMLText.escaped(night.basedOnRun))</span></figcaption>\#n"#
            html += changesChart(night)
            html += #"<p class="fineprint">Change feeds \#(HTMLText.escaped(night.changesFrom)) to "#
            html += "\(HTMLText.escaped(night.changesThrough)): \(ReportFormat.count(night.changeFeedPages)) pages, "
            html += "\(ReportFormat.count(night.idsInChangeFeed)) ids. Checking the previous snapshot took "
            html += "\(ReportFormat.seconds(night.verifySeconds)), merging \(ReportFormat.seconds(night.mergeSeconds))."
            if let moved = night.idsWithMovedCredits {
                html += " \(ReportFormat.count(moved)) people were fetched again because their credits moved in "
                html += "tonight's titles."
            }
            html += "</p>\n"
        } else {
            html += #"</figcaption>\#n<p class="empty">A full run"#
            html += catalogue.fullRunReason.map { ", because \(HTMLText.escaped($0))" } ?? ""
            html += ": every id was fetched.</p>\n"
        }
        html += "</figure>\n"
        let tables = Self.tableFiles(catalogue.files)
        html += #"<figure><figcaption>Rows per table <span class="note">\#(tables.count) tables</span></figcaption>\#n"#
        html += BarChart(
            name: "tables", title: "Rows of each table",
            bars: tables.map { file in
                BarChart.Bar(
                    label: (file.path as NSString).deletingPathExtension, value: Double(file.rows),
                    figure: ReportFormat.count(file.rows))
            }, labelWidth: 160
        ).svg()
        html += "</figure>\n</div>\n"
        if let dataSet {
            html += "<h3>The \(noun)</h3>\n"
            html += chipList(statisticsChips(dataSet.statistics))
            html += charts(dataSet, noun: noun)
            html += "<h3>Most popular posters</h3>\n"
            html += contactSheet(
                dataSet.statistics.posters,
                empty: catalogue.posters == nil
                    ? #"This catalogue does not download posters ("posters": true in the job)."#
                    : "No poster was saved for this catalogue.")
        }
        return html + "</section>\n"
    }

    /// From the export to the snapshot: what each filter left out, what was fetched, removed or failed.
    private func idFigures(_ catalogue: Manifest.CatalogueSummary) -> String {
        var rows: [(String, Int, String?)] = [("ids in the export", catalogue.idsInExport, nil)]
        if catalogue.idsDroppedAsAdult > 0 { rows.append(("left out as adult", catalogue.idsDroppedAsAdult, nil)) }
        if catalogue.idsBelowMinPopularity > 0 {
            rows.append(("below minPopularity", catalogue.idsBelowMinPopularity, nil))
        }
        if catalogue.idsCutByLimit > 0 { rows.append(("past the limit", catalogue.idsCutByLimit, nil)) }
        if catalogue.duplicateIDsInExport > 0 {
            rows.append(("duplicates in the export", catalogue.duplicateIDsInExport, nil))
        }
        rows.append(("planned", catalogue.idsPlanned, nil))
        rows.append(("fetched tonight", catalogue.idsFetched, nil))
        rows.append(("removed since the export (404)", catalogue.idsRemoved, nil))
        rows.append(("failed", catalogue.idsFailed, catalogue.idsFailed > 0 ? "bad" : nil))
        if catalogue.idsFailed > 0, let carried = catalogue.idsCarried {
            rows.append(("failed, carried with their previous rows", carried, "warn"))
            rows.append(("failed, left out (new)", catalogue.idsLeftOut ?? 0, "warn"))
        }
        if let snapshot = catalogue.idsInSnapshot { rows.append(("in the snapshot", snapshot, "strong")) }
        var html = #"<dl class="funnel">"#
        for (label, value, tone) in rows {
            html += #"<div\#(tone.map { " class=\"\($0)\"" } ?? "")><dt>\#(label)</dt>"#
            html += "<dd>\(ReportFormat.count(value))</dd></div>"
        }
        if let posters = catalogue.posters {
            html += "<div><dt>posters saved</dt><dd>\(ReportFormat.count(posters.downloaded + posters.alreadyPresent))"
            html += "</dd></div>"
        }
        return html + "</dl>\n"
    }

    private func changesChart(_ night: Manifest.IncrementalSummary) -> String {
        BarChart(
            name: "changes", title: "What tonight changed in the snapshot",
            bars: [
                .init(
                    label: "added", value: Double(night.idsAdded), figure: ReportFormat.count(night.idsAdded),
                    tone: "tone-added"),
                .init(
                    label: "changed", value: Double(night.idsChanged), figure: ReportFormat.count(night.idsChanged),
                    tone: "tone-changed"),
                .init(
                    label: "gone from the export", value: Double(night.idsGoneFromExport),
                    figure: ReportFormat.count(night.idsGoneFromExport), tone: "tone-gone"),
                .init(
                    label: "now not found (404)", value: Double(night.idsNowNotFound),
                    figure: ReportFormat.count(night.idsNowNotFound), tone: "tone-missing"),
                .init(
                    label: "carried over", value: Double(night.idsCarriedOver),
                    figure: ReportFormat.count(night.idsCarriedOver), tone: "tone-kept"),
            ], labelWidth: 160
        ).svg()
    }

    /// One file per table (the CSV file, else the NDJSON one), without the details answers.
    package static func tableFiles(_ files: [Manifest.DataFile]) -> [Manifest.DataFile] {
        let tables = files.filter { !$0.path.hasSuffix("_details.ndjson") }
        let csv = tables.filter { $0.format == "csv" }
        return csv.isEmpty ? tables : csv
    }
}
