import TestSupport
import Testing

@testable import RunReport

@Suite("The report's SVG charts")
struct ChartTests {
    @Test(
        "ticks a count axis at a round step up to a round maximum",
        arguments: [
            (0, 1, 1), (1, 1, 1), (3, 1, 3), (7, 2, 8), (10, 5, 10), (38, 10, 40), (667, 200, 800),
            (1059, 500, 1500), (31_828, 10_000, 40_000),
        ])
    func scale(largest: Int, step: Int, maximum: Int) {
        let scale = ChartScale(largest: largest)
        #expect(scale.step == step)
        #expect(scale.maximum == maximum)
        #expect(scale.ticks.first == 0 && scale.ticks.last == maximum)
    }

    @Test("draws one bar per column, zeros included, the tallest up to the top of the scale")
    func columns() {
        let chart = ColumnChart(
            name: "test", title: "Test", columns: [0, 3, 8, 1].map { .init(value: $0, tooltip: "n=\($0)") },
            ticks: [.init(position: 0.5, label: "first")], xAxis: "x", yAxis: "y"
        ).svg(width: 200, height: 100)
        #expect(occurrences(of: "<rect class=\"bar\"", in: chart) == 4)
        #expect(chart.contains(#"height="0"><title>n=0</title>"#))
        #expect(chart.contains("<title>n=8</title>"))
        #expect(chart.contains(">first</text>"))
        #expect(chart.hasPrefix("<svg ") && chart.hasSuffix("</svg>"))
    }

    @Test("draws one labelled bar per row, each with its figure, and cuts long labels keeping them in the tooltip")
    func bars() {
        let long = String(repeating: "x", count: 40)
        let chart = BarChart(
            name: "test", title: "Test",
            bars: [.init(label: "a", value: 10, figure: "10"), .init(label: long, value: 0, figure: "0", tone: "t")]
        ).svg()
        #expect(occurrences(of: "<rect class=\"bar", in: chart) == 2)
        #expect(chart.contains(#"<rect class="bar t""#))
        #expect(chart.contains(">\(String(repeating: "x", count: 25))…</text>"))
        #expect(chart.contains("<title>\(long): 0</title>"))
    }
}
