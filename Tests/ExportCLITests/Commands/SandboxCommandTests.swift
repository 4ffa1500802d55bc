import Foundation
import TMDBSandbox
import Testing

@testable import ExportCLI

@Suite("The sandbox command")
struct SandboxCommandTests {
    static func options(_ arguments: [String]) throws -> SandboxOptions {
        try SandboxCommand.validate(
            ParsedArguments(arguments, command: "sandbox", options: SandboxCommand.configuration.acceptedOptions))
    }

    @Test("serves the simulated day of --date from its noon UTC, and evolves the universe only then")
    func simulatedDay() throws {
        let options = try Self.options(["--date", "2026-01-05"])
        #expect(options.simulatesDays)
        #expect(
            options.now()
                == Date(
                    timeIntervalSince1970: Double(ExportDay(isoDate: "2026-01-05")!.daysSinceEpoch) * 86_400 + 12
                        * 3_600))
        #expect(try !Self.options([]).simulatesDays)
    }
}
