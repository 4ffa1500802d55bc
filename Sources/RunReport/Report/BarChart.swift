/// A horizontal bar chart as inline SVG: one labelled `rect.bar` per row, its figure written after it, the longest
/// bar as wide as the chart allows. For rankings and counts whose labels are words: genres, tables, changes,
/// timings.
package struct BarChart: Sendable, Hashable {
    package struct Bar: Sendable, Hashable {
        package var label: String
        package var value: Double
        /// The figure written after the bar, e.g. `1,234` or `12.4 s`.
        package var figure: String
        /// A CSS class that colours the bar (`tone-added`, `tone-gone`, …); the chart's colour when nil.
        package var tone: String? = nil

        package init(label: String, value: Double, figure: String, tone: String? = nil) {
            self.label = label
            self.value = value
            self.figure = figure
            self.tone = tone
        }
    }

    /// Names the chart in the page (`data-chart`), for tests and styles.
    package var name: String
    /// What the chart shows, for screen readers.
    package var title: String
    package var bars: [Bar]
    /// Room for the labels, in SVG units (about 6.5 per character).
    package var labelWidth = 150

    /// Labels longer than this are cut, with the whole label in the bar's tooltip.
    package static let labelLimit = 26

    package func svg(width: Int = 560) -> String {
        let rowHeight = 26.0
        let barHeight = 16.0
        let height = Int(rowHeight * Double(bars.count)) + 6
        let left = Double(labelWidth)
        let room = Double(width) - left - 78
        let largest = bars.map(\.value).max() ?? 0
        var svg = """
            <svg class="chart bars" data-chart="\(HTMLText.escaped(name))" viewBox="0 0 \(width) \(height)" \
            role="img" aria-label="\(HTMLText.escaped(title))" xmlns="http://www.w3.org/2000/svg">\
            <title>\(HTMLText.escaped(title))</title>
            """
        for (index, bar) in bars.enumerated() {
            let y = 3 + rowHeight * Double(index)
            let middle = (y + barHeight / 2 + 4.5).svg
            let length = largest > 0 ? max(bar.value > 0 ? 1.5 : 0, room * bar.value / largest) : 0
            let label =
                bar.label.count > Self.labelLimit ? String(bar.label.prefix(Self.labelLimit - 1)) + "…" : bar.label
            let tone = bar.tone.map { " \($0)" } ?? ""
            svg += #"<text class="label" x="\#((left - 10).svg)" y="\#(middle)" text-anchor="end">"#
            svg += "\(HTMLText.escaped(label))</text>"
            svg += #"<rect class="bar\#(tone)" x="\#(left.svg)" y="\#(y.svg)" width="\#(length.svg)" "#
            svg += #"height="\#(barHeight.svg)" rx="3">"#
            svg += "<title>\(HTMLText.escaped(bar.label)): \(HTMLText.escaped(bar.figure))</title></rect>"
            svg += #"<text class="figure" x="\#((left + length + 8).svg)" y="\#(middle)">"#
            svg += "\(HTMLText.escaped(bar.figure))</text>"
        }
        return svg + "</svg>"
    }

    package init(name: String, title: String, bars: [Bar], labelWidth: Int = 150) {
        self.name = name
        self.title = title
        self.bars = bars
        self.labelWidth = labelWidth
    }
}
