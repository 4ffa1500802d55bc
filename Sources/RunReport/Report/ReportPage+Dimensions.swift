import RunStore

extension ReportPage {
    /// The dimension tables: each one's rows and the export it was read from.
    package var dimensionSection: String {
        let dimensions = manifest.dimensions ?? []
        guard !dimensions.isEmpty else { return providerSection }
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
        return html + "</section>\n" + providerSection
    }

    /// The `watch_providers` table: its rows and the lists it was read from.
    private var providerSection: String {
        guard let providers = manifest.watchProviders else { return "" }
        let rows = providers.files.first?.rows ?? 0
        var html = #"<section class="card dimensions">\#n<h2>Watch providers</h2>\#n"#
        html += chipList([
            "<b>watch_providers</b> \(ReportFormat.count(rows)) rows from "
                + zip(providers.lists, providers.providersInLists).map { list, count in
                    "\(HTMLText.escaped(list)) (\(ReportFormat.count(count)))"
                }.joined(separator: " and ")
        ])
        html += #"<p class="fineprint">Read from TMDB's provider lists at the start of the run; a title's offers "#
        html += "are as of its fetched_at.</p>\n"
        return html + "</section>\n"
    }
}
