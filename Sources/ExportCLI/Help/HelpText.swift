/// One line of a two-column help section: an option, command or variable, and what it is for.
struct HelpRow: Sendable, Hashable {
    var label: String
    /// A line break continues the text on the next line, aligned under the first.
    var text: String

    init(_ label: String, _ text: String) {
        self.label = label
        self.text = text
    }
}

/// A titled block of help (`OPTIONS:`, `EXIT CODES:`): rows aligned in two columns, or prose printed as written.
struct HelpSection: Sendable, Hashable {
    enum Body: Sendable, Hashable {
        case rows([HelpRow])
        /// Already wrapped; each line is indented under the title.
        case prose(String)
    }

    var title: String
    var body: Body

    init(_ title: String, rows: [HelpRow]) {
        self.title = title
        body = .rows(rows)
    }

    init(_ title: String, prose: String) {
        self.title = title
        body = .prose(prose)
    }

    /// `EXAMPLES:`, one command line each.
    static func examples(_ lines: [String]) -> HelpSection {
        HelpSection("EXAMPLES", prose: lines.joined(separator: "\n"))
    }
}

/// The layout every `--help` shares: `USAGE:`, a paragraph, then sections separated by blank lines, every section's
/// content indented by two spaces. Row texts start in one column, `labelWidth` after the indent; a label as wide as
/// that gets its text on the next line.
enum HelpText {
    static func render(usage: String, discussion: String, sections: [HelpSection], labelWidth: Int) -> String {
        var blocks = ["USAGE: \(usage)", discussion]
        for section in sections {
            var lines = ["\(section.title):"]
            switch section.body {
            case .rows(let rows):
                for row in rows { lines += rowLines(row, labelWidth: labelWidth) }
            case .prose(let text):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func rowLines(_ row: HelpRow, labelWidth: Int) -> [String] {
        let indent = String(repeating: " ", count: 2 + labelWidth)
        var texts = row.text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        if row.label.count < labelWidth {
            let first = texts.removeFirst().dropFirst(2 + row.label.count)
            return ["  " + row.label + first] + texts
        }
        return ["  " + row.label] + texts
    }
}
