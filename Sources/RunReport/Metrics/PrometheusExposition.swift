import Foundation

/// Prometheus' text exposition format (version 0.0.4), the one node_exporter's textfile collector reads from `*.prom`
/// files: per metric a `# HELP` and a `# TYPE` line, then its samples, one a line, with escaped label values.
package struct PrometheusExposition: Sendable {
    /// The metric types this exporter writes.
    package enum Kind: String, Sendable {
        /// A value that is what it is at the time of writing (a status, a count of rows, a timestamp).
        case gauge
        /// A count of events during the run; the name ends in `_total`.
        case counter
    }

    /// One sample of a metric: its labels, in order, and its value.
    package struct Sample: Sendable, Hashable {
        package var labels: [Label]
        package var value: Double

        package init(_ labels: [Label], _ value: Double) {
            self.labels = labels
            self.value = value
        }
    }

    /// A label's name and value (any text: escaped when written).
    package struct Label: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The text so far, ending in a newline after each metric.
    package private(set) var text = ""

    package init() {}

    /// Appends a metric and its samples; a metric without samples is left out (HELP and TYPE alone say nothing).
    package mutating func add(_ name: String, _ kind: Kind, help: String, _ samples: [Sample]) {
        assert(kind != .counter || name.hasSuffix("_total"), "a counter's name ends in _total: \(name)")
        guard !samples.isEmpty else { return }
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
        for sample in samples {
            text += name
            if !sample.labels.isEmpty {
                text += "{"
                text += sample.labels.map { "\($0.name)=\"\(Self.escapedLabelValue($0.value))\"" }
                    .joined(separator: ",")
                text += "}"
            }
            text += " \(Self.number(sample.value))\n"
        }
    }

    /// A label value as the format needs it: `\` as `\\`, `"` as `\"`, a line feed as `\n`.
    package static func escapedLabelValue(_ value: String) -> String {
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// HELP text as the format needs it: `\` as `\\`, a line feed as `\n` (quotes stay).
    package static func escapedHelp(_ help: String) -> String {
        help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A whole number without a fraction (counts, exit codes, timestamps), anything else as Swift's shortest
    /// round-tripping form; `NaN`, `+Inf` and `-Inf` as the format spells them.
    package static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
