/// A metrics file in Prometheus' text format read back, strictly enough for tests: every sample's metric must have
/// had its `# HELP` and `# TYPE` lines before it, label values are unescaped, and anything unexpected is an error.
public struct PrometheusText: Sendable {
    public struct Sample: Sendable, Hashable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    public private(set) var samples: [Sample] = []
    public private(set) var help: [String: String] = [:]
    public private(set) var type: [String: String] = [:]

    public init(_ text: String) throws {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Malformed(description: "no final line feed") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { throw Malformed(description: "\(line): no text") }
                if line.hasPrefix("# HELP ") {
                    help[String(parts[0])] = String(parts[1])
                } else {
                    type[String(parts[0])] = String(parts[1])
                }
                continue
            }
            let sample = try Self.sample(Substring(line))
            guard help[sample.name] != nil, type[sample.name] != nil else {
                throw Malformed(description: "\(line): no HELP and TYPE before it")
            }
            samples.append(sample)
        }
    }

    /// The value of the one sample of `name` whose labels include `labels`; nil when there is none.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }
        return matching.count == 1 ? matching[0].value : nil
    }

    /// The names of the metrics, in order, each once.
    public var names: [String] {
        var seen: Set<String> = []
        return samples.map(\.name).filter { seen.insert($0).inserted }
    }

    private static func sample(_ line: Substring) throws -> Sample {
        var rest = line[...]
        let nameEnd = rest.firstIndex { $0 == "{" || $0 == " " } ?? rest.endIndex
        let name = String(rest[..<nameEnd])
        rest = rest[nameEnd...]
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)] == "\"" else {
                    throw Malformed(description: "\(line): a label without =\"")
                }
                let label = String(rest[..<equals])
                rest = rest[rest.index(equals, offsetBy: 2)...]
                var value = ""
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    guard character == "\\" else {
                        value.append(character)
                        continue
                    }
                    switch rest.first {
                    case "\\": value.append("\\")
                    case "\"": value.append("\"")
                    case "n": value.append("\n")
                    default: throw Malformed(description: "\(line): a label value with a bad escape")
                    }
                    rest = rest.dropFirst()
                }
                guard rest.first == "\"" else { throw Malformed(description: "\(line): an unterminated label") }
                rest = rest.dropFirst()
                labels[label] = value
                if rest.first == "," { rest = rest.dropFirst() }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " ", let value = Double(rest.dropFirst()) else {
            throw Malformed(description: "\(line): no value")
        }
        return Sample(name: name, labels: labels, value: value)
    }
}
