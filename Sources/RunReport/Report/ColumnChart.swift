import Foundation

/// A column chart as inline SVG: one `rect.bar` per column (zero-height for a zero), a count axis with round ticks
/// and grid lines, labels under chosen places of the category axis, both axes titled, and each column's exact
/// figure in its `<title>`, which browsers show as a tooltip.
package struct ColumnChart: Sendable, Hashable {
    package struct Column: Sendable, Hashable {
        package var value: Int
        package var tooltip: String

        package init(value: Int, tooltip: String) {
            self.value = value
            self.tooltip = tooltip
        }
    }

    /// A label under the category axis, at a position counted in columns from the left edge (0.5 is the middle of
    /// the first column).
    package struct Tick: Sendable, Hashable {
        package var position: Double
        package var label: String

        package init(position: Double, label: String) {
            self.position = position
            self.label = label
        }
    }

    /// Names the chart in the page (`data-chart`), for tests and styles.
    package var name: String
    /// What the chart shows, for screen readers.
    package var title: String
    package var columns: [Column]
    package var ticks: [Tick]
    package var xAxis: String
    package var yAxis: String

    package func svg(width: Int = 560, height: Int = 250) -> String {
        let (left, right, top, bottom) = (54.0, 14.0, 14.0, 46.0)
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        let scale = ChartScale(largest: columns.map(\.value).max() ?? 0)
        let slot = plotWidth / Double(max(columns.count, 1))
        let barWidth = slot > 6 ? slot * 0.8 : max(slot - 1, slot * 0.75)
        var svg = """
            <svg class="chart" data-chart="\(HTMLText.escaped(name))" viewBox="0 0 \(width) \(height)" \
            role="img" aria-label="\(HTMLText.escaped(title))" xmlns="http://www.w3.org/2000/svg">\
            <title>\(HTMLText.escaped(title))</title>
            """
        for tick in scale.ticks {
            let y = (top + plotHeight - plotHeight * Double(tick) / Double(scale.maximum)).svg
            svg += #"<line class="grid" x1="\#(left.svg)" x2="\#((left + plotWidth).svg)" y1="\#(y)" y2="\#(y)"/>"#
            svg += #"<text class="tick" x="\#((left - 8).svg)" y="\#(y)" dy="4" text-anchor="end">"#
            svg += "\(ReportFormat.count(tick))</text>"
        }
        for (index, column) in columns.enumerated() {
            let barHeight = plotHeight * Double(column.value) / Double(scale.maximum)
            let x = left + slot * Double(index) + (slot - barWidth) / 2
            svg += #"<rect class="bar" x="\#(x.svg)" y="\#((top + plotHeight - barHeight).svg)" "#
            svg += #"width="\#(barWidth.svg)" height="\#(barHeight.svg)">"#
            svg += "<title>\(HTMLText.escaped(column.tooltip))</title></rect>"
        }
        let baseline = top + plotHeight
        svg += #"<line class="axis" x1="\#(left.svg)" x2="\#((left + plotWidth).svg)" "#
        svg += #"y1="\#(baseline.svg)" y2="\#(baseline.svg)"/>"#
        for tick in ticks {
            let x = (left + slot * tick.position).svg
            svg += #"<line class="axis" x1="\#(x)" x2="\#(x)" y1="\#(baseline.svg)" y2="\#((baseline + 4).svg)"/>"#
            svg += #"<text class="tick" x="\#(x)" y="\#((baseline + 17).svg)" text-anchor="middle">"#
            svg += "\(HTMLText.escaped(tick.label))</text>"
        }
        svg += #"<text class="axis-title" x="\#((left + plotWidth / 2).svg)" y="\#(height - 6)" "#
        svg += #"text-anchor="middle">\#(HTMLText.escaped(xAxis))</text>"#
        svg += #"<text class="axis-title" transform="translate(14 \#((top + plotHeight / 2).svg)) rotate(-90)" "#
        svg += #"text-anchor="middle">\#(HTMLText.escaped(yAxis))</text>"#
        return svg + "</svg>"
    }

    package init(name: String, title: String, columns: [Column], ticks: [Tick], xAxis: String, yAxis: String) {
        self.name = name
        self.title = title
        self.columns = columns
        self.ticks = ticks
        self.xAxis = xAxis
        self.yAxis = yAxis
    }
}
