import RunStore

extension ReportPage {
    /// The dimension tables: each one's rows and the export it was read from.
    package var dimensionSection: String {
        guard let dimensions = manifest.dimensions, !dimensions.isEmpty else { return "" }
        var html = #"<section class="card dimensions">\#n<h2>Dimension tables</h2>\#n"#
        html += chipList(
            dimensions.map { summary in
                let rows = summary.files.first?.rows ?? 0
                return "<b>\(HTMLText.escaped(summary.type.tableName))</b> \(ReportFormat.count(rows)) rows from "
                    + HTMLText.escaped(summary.exportFile)
                    + (summary.exportDateMissing.map { " (\(HTMLText.escaped($0))'s export was missing)" } ?? "")
            })
        html += #"<p class="fineprint">Read whole from TMDB's daily exports, with no API request; a title's "#
        html += "keyword, company or network added after the export was made may be missing from them.</p>\n"
        return html + "</section>\n"
    }
}
