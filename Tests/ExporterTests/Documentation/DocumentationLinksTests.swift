import Foundation
import TestSupport
import Testing

@Suite("The documentation's links")
struct DocumentationLinksTests {
    @Test("every relative link of README.md and docs/*.md names a file that exists, and an anchor its page has")
    func linksResolve() throws {
        let pages = try DocumentationPage.all()
        let anchors = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0.anchors) })
        var checked = 0
        for page in pages {
            for target in page.linkTargets where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? page.path : Self.resolve(String(parts[0]), from: page.path)
                #expect(
                    FileManager.default.fileExists(atPath: packageRoot + "/" + file),
                    "\(page.path): \(target): no file \(file)")
                if parts.count == 2 {
                    #expect(
                        anchors[file]?.contains(String(parts[1])) == true,
                        "\(page.path): \(target): \(file) has no heading with the anchor #\(parts[1])")
                }
                checked += 1
            }
        }
        #expect(checked > 50, "only \(checked) relative links found: is the link pattern still right?")
    }

    /// `target` as a path from the package's root, written in the page at `page` (`../README.md` from `docs/x.md`).
    static func resolve(_ target: String, from page: String) -> String {
        var components = page.split(separator: "/").dropLast().map(String.init)
        for component in target.split(separator: "/") {
            if component == ".." {
                components = components.dropLast()
            } else if component != "." {
                components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    @Test(
        "anchors follow GitHub's rules",
        arguments: [
            ("Faults: retries, rate limits, timeouts", "faults-retries-rate-limits-timeouts"),
            ("How fresh is each number?", "how-fresh-is-each-number"),
            ("The watch_providers table", "the-watch_providers-table"),
            ("datapackage.json and load.sql", "datapackagejson-and-loadsql"),
        ])
    func anchorRules(heading: String, anchor: String) {
        #expect(DocumentationPage.anchor(heading) == anchor)
    }
}
