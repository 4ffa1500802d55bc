import Testing

@testable import ExportCLI

@Suite("Help layout")
struct HelpTextTests {
    @Test("aligns row texts in one column, continues a text's lines under it, and moves a text under a wide label")
    func rows() {
        let text = HelpText.render(
            usage: "tool thing", discussion: "Does things.",
            sections: [
                HelpSection(
                    "OPTIONS",
                    rows: [
                        HelpRow("--a N", "First."), HelpRow("--long", "Two\nlines."),
                        HelpRow("--as-wide-as-it", "Below."),
                    ]),
                HelpSection("NOTES", prose: "One\nTwo"),
            ],
            labelWidth: 15)
        #expect(
            text == """
                USAGE: tool thing

                Does things.

                OPTIONS:
                  --a N          First.
                  --long         Two
                                 lines.
                  --as-wide-as-it
                                 Below.

                NOTES:
                  One
                  Two

                """)
    }

    @Test("shows an option's placeholder, short name and default")
    func optionRows() {
        #expect(
            OptionDeclaration.option("keep", value: "N", help: "Keep N", default: "all").helpRow
                == HelpRow("--keep N", "Keep N (default: all)."))
        #expect(OptionDeclaration.help.helpRow == HelpRow("-h, --help", "Show this help."))
    }
}
