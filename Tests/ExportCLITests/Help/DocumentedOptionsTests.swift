import Foundation
import TestSupport
import Testing

@testable import ExportCLI

@Suite("The commands and options of docs/jobs.md")
struct DocumentedOptionsTests {
    /// docs/jobs.md's "Commands and options" section, up to the next `## ` heading.
    func section() throws -> Substring {
        let page = try documentationPage("jobs")
        let start = try #require(
            page.range(of: "\n## Commands and options\n"), "docs/jobs.md has no Commands and options")
        let rest = page[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The `### name` subsection of the section.
    func subsection(_ name: String) throws -> Substring {
        let section = try section()
        let start = try #require(section.range(of: "\n### \(name)\n"), "no ### \(name) in docs/jobs.md")
        let rest = section[start.upperBound...]
        return rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)]
    }

    /// The first column of each table row that names an option: `--job PATH`.
    func tableOptions(_ text: Substring) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `--") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
    }

    @Test(
        "lists exactly the options each command declares, with their value placeholders",
        arguments: TMDBExportCommand.subcommands.map { $0.configuration.name })
    func commandOptions(name: String) throws {
        let command = try #require(TMDBExportCommand.subcommands.first { $0.configuration.name == name })
        let declared = command.configuration.options.map { $0.helpRow.label }
        #expect(tableOptions(try subsection(name)) == declared)
    }

    @Test("has a subsection for every command and none for a command that does not exist")
    func subsections() throws {
        let headings = try section().split(separator: "\n").filter { $0.hasPrefix("### ") }.map { $0.dropFirst(4) }
        #expect(headings.map(String.init) == TMDBExportCommand.subcommands.map { $0.configuration.name })
    }

    @Test("names the top-level options")
    func topLevelOptions() throws {
        let section = try section()
        for option in TMDBExportCommand.options {
            #expect(section.contains("--" + option.name), "--\(option.name) is not in docs/jobs.md")
        }
    }
}
