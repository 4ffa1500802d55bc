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

    @Test("--uncredited-people sets how many people no title credits, 1,000 when absent, and refuses a negative count")
    func uncreditedPeople() throws {
        #expect(try Self.options(["--uncredited-people", "80000"]).uncreditedPeople == 80_000)
        #expect(try Self.options([]).uncreditedPeople == 1_000)
        #expect(throws: UsageError.self) { try Self.options(["--uncredited-people", "-1"]) }
    }
}
