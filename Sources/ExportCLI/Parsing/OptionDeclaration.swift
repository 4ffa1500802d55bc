/// One option a command accepts, declared once: the parser accepts exactly the declared options, and `--help` lists
/// them from the same declarations, so the two cannot disagree.
struct OptionDeclaration: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// Present or absent; takes no value.
        case flag
        /// Takes one value, named `placeholder` in help (`--job PATH`).
        case value(placeholder: String)
    }

    /// Without the leading `--`.
    var name: String
    var kind: Kind
    /// Also accepted as `-` and this letter (`-h`); flags only.
    var shortName: Character?
    /// What the option does, without a final period. A line break continues the text on the next line, aligned
    /// under the first.
    var abstract: String
    /// What applies when the option is absent, as help should say it; nil to say nothing.
    var shownDefault: String?

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .flag, shortName: short, abstract: help)
    }

    static func option(_ name: String, value placeholder: String, help: String, default shown: String? = nil)
        -> OptionDeclaration
    {
        OptionDeclaration(name: name, kind: .value(placeholder: placeholder), abstract: help, shownDefault: shown)
    }

    /// `-h, --help`, which every command accepts.
    static let help = flag("help", short: "h", help: "Show this help")

    var takesValue: Bool { kind != .flag }

    /// The row `--help` shows: `--job PATH`, `-h, --help`; then the help, the default and a period.
    var helpRow: HelpRow {
        var label = shortName.map { "-\($0), " } ?? ""
        label += "--" + name
        if case .value(let placeholder) = kind { label += " " + placeholder }
        return HelpRow(label, abstract + (shownDefault.map { " (default: \($0))" } ?? "") + ".")
    }
}
