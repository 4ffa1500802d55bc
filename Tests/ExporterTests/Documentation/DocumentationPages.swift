import Foundation
import TestSupport

/// README.md and every page under docs/, read as the tests that keep them true need them.
struct DocumentationPage {
    /// The path from the package's root: `README.md`, `docs/tables.md`.
    let path: String
    let text: String

    static func all() throws -> [DocumentationPage] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + pages).map { DocumentationPage(path: $0, text: try packageFile($0)) }
    }

    /// The page's text with every fenced code block blanked out, line for line.
    var prose: String {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            if line.hasPrefix("```") {
                inFence.toggle()
                return ""
            }
            return inFence ? "" : line
        }.joined(separator: "\n")
    }

    /// The anchors GitHub gives the page's headings: lowercased, punctuation dropped, spaces turned into `-`, and a
    /// heading repeated gets `-1`, `-2`, … after its first.
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose.split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }
            guard title.hasPrefix(" ") else { continue }
            let base = Self.anchor(String(title.dropFirst()))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    static func anchor(_ heading: String) -> String {
        let kept = heading.trimmingCharacters(in: .whitespaces).lowercased().filter {
            $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_"
        }
        return String(kept.map { $0 == " " ? "-" : $0 })
    }

    /// Every link target written `](target)` outside code blocks.
    var linkTargets: [String] {
        matches(of: #"\]\(([^)\s]+)\)"#, in: prose)
    }

    /// Every path into the repository's own folders the page names, in prose or code: `Sources/…`, `Tests/…`,
    /// `jobs/…`, `.ci/…`, `bench/…`.
    var repositoryPaths: [String] {
        matches(of: #"(?:^|(?<=[\s`("'\[]))((?:Sources|Tests|jobs|\.ci|bench)/[A-Za-z0-9_.+/\-]*)"#, in: text).map {
            var path = Substring($0)
            while let last = path.last, ".,:;".contains(last) { path = path.dropLast() }
            return String(path)
        }
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
