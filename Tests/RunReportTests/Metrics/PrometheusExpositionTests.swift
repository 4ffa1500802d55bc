import Testing

@testable import RunReport

@Suite("Prometheus' text exposition format")
struct PrometheusExpositionTests {
    @Test(
        "escapes a label value's backslash, double quote and line feed, and nothing else",
        arguments: [
            ("plain", "plain"), (#"a"b"#, #"a\"b"#), (#"C:\jobs"#, #"C:\\jobs"#), ("two\nlines", #"two\nlines"#),
            ("tab\tand é", "tab\tand é"), (#"\"#, #"\\"#),
        ])
    func labelValues(value: String, escaped: String) {
        #expect(PrometheusExposition.escapedLabelValue(value) == escaped)
    }

    @Test("writes HELP and TYPE before a metric's samples, labels in the order given")
    func family() {
        var text = PrometheusExposition()
        text.add(
            "tmdb_export_example_total", .counter, help: "A \"count\", with \\ and a\nline",
            [
                .init([.init("job", "a"), .init("outcome", "x")], 3),
                .init([.init("job", "a"), .init("outcome", "y")], 0.25),
            ])
        #expect(
            text.text == """
                # HELP tmdb_export_example_total A "count", with \\\\ and a\\nline
                # TYPE tmdb_export_example_total counter
                tmdb_export_example_total{job="a",outcome="x"} 3
                tmdb_export_example_total{job="a",outcome="y"} 0.25

                """)
    }

    @Test("leaves out a metric with no samples")
    func emptyFamily() {
        var text = PrometheusExposition()
        text.add("tmdb_export_nothing", .gauge, help: "Nothing.", [])
        #expect(text.text.isEmpty)
    }

    @Test(
        "writes whole numbers without a fraction, others in full, and the special values as the format spells them",
        arguments: [
            (0.0, "0"), (130, "130"), (1_795_000_000, "1795000000"), (-1, "-1"), (12.5, "12.5"), (0.001, "0.001"),
            (Double.nan, "NaN"), (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"),
        ])
    func numbers(value: Double, text: String) {
        #expect(PrometheusExposition.number(value) == text)
    }
}
