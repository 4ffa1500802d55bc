import Foundation
import TMDBSandbox
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Default options changed by `configure`.
func options(_ configure: (inout SandboxOptions) -> Void) -> SandboxOptions {
    var options = SandboxOptions()
    configure(&options)
    return options
}

/// A sandbox whose universe of `movies` and `series` ids evolves, its clock standing at noon UTC of `day`.
func evolvingOptions(on day: ExportDay, movies: Int = 30_000, series: Int = 6_000) -> SandboxOptions {
    options {
        $0.catalogueSize = movies
        $0.seriesCatalogueSize = series
        $0.simulatesDays = true
        $0.now = { noon(of: day) }
    }
}

/// 12:00 UTC of `day`.
func noon(of day: ExportDay) -> Date {
    Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 12 * 3_600)
}

/// A URLSession with no cache, so every call reaches the sandbox.
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
}()

/// How a test request authenticates.
enum Credential: Sendable {
    case bearer, apiKey, none
}

/// GETs `pathAndQuery` (relative to the server root, e.g. `/3/movie/popular?page=2`) with URLSession.
func fetch(_ server: SandboxServer, _ pathAndQuery: String, credential: Credential = .bearer) async throws
    -> (status: Int, headers: [String: String], body: Data)
{
    var text = "http://127.0.0.1:\(server.port)\(pathAndQuery)"
    if credential == .apiKey {
        text += (pathAndQuery.contains("?") ? "&" : "?") + "api_key=\(SandboxServer.apiKey)"
    }
    var request = URLRequest(url: URL(string: text)!)
    if credential == .bearer {
        request.setValue("Bearer \(SandboxServer.bearerToken)", forHTTPHeaderField: "Authorization")
    }
    let (data, response) = try await testSession.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return (http.statusCode, headers, data)
}

/// Parses a JSON object body.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
