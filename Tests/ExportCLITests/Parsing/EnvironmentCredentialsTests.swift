import HTTPClient
import Testing

@testable import ExportCLI

@Suite("Credentials from the environment")
struct EnvironmentCredentialsTests {
    @Test("reads TMDB_API_TOKEN before TMDB_API_KEY and ignores empty values")
    func credentialsFromEnvironment() {
        #expect(EnvironmentCredentials.read(from: ["TMDB_API_TOKEN": "t", "TMDB_API_KEY": "k"]) == .bearerToken("t"))
        #expect(EnvironmentCredentials.read(from: ["TMDB_API_TOKEN": " ", "TMDB_API_KEY": "k"]) == .apiKey("k"))
        #expect(EnvironmentCredentials.read(from: [:]) == nil)
    }
}
