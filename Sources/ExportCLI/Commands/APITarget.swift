import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox

/// Where a command's API requests go: the built-in sandbox, started for the command, or TMDB with credentials from
/// the environment. `export` and `plan` both decide it here, so `--sandbox`, `--base-url` and the credentials mean
/// the same to each.
enum APITarget {
    /// The sandbox answers with its own token; the URL is its own unless `--base-url` named another.
    case sandbox(SandboxServer, URL)
    case tmdb(Credentials, URL)

    /// `--base-url`, or nil when it is not given.
    ///
    /// - Throws: ``UsageError``, prefixed with `command`, unless it is an http(s) URL with a host and no query (a query
    ///   would be the place for an API key, which belongs in the environment).
    static func baseURL(in arguments: ParsedArguments, command: String) throws(UsageError) -> URL? {
        guard let text = arguments.value("base-url") else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw UsageError(
                "\(command): --base-url \"\(text)\" is not an http(s) URL (expected e.g. https://api.themoviedb.org/3)")
        }
        guard url.query == nil else {
            throw UsageError(
                "\(command): --base-url must not carry a query (credentials go in \(EnvironmentCredentials.tokenVariable) "
                    + "or \(EnvironmentCredentials.keyVariable))")
        }
        return url
    }

    /// Starts the sandbox when `sandbox` is set (simulating the day of `now`, when given); otherwise reads the
    /// credentials from `environment`. `baseURL` is `--base-url`, already checked.
    ///
    /// - Throws: ``CommandFailure/sandboxNotStarted(_:)``, or ``CommandFailure/usage(_:)`` when neither credential
    ///   variable is set.
    init(sandbox: Bool, baseURL: URL?, now: Date? = nil, environment: [String: String]) throws(CommandFailure) {
        if sandbox {
            var options = SandboxOptions.answeringAsTMDB()
            options.recordsRequests = false
            if let now {
                options.now = { now }
                options.simulatesDays = true
            }
            let server = SandboxServer(options: options)
            do {
                try server.start()
            } catch {
                throw .sandboxNotStarted(error)
            }
            self = .sandbox(server, baseURL ?? server.apiBaseURL)
        } else {
            guard let credentials = EnvironmentCredentials.read(from: environment) else {
                throw .usage(
                    UsageError(
                        "no TMDB credentials: set \(EnvironmentCredentials.tokenVariable) (read access token) or "
                            + "\(EnvironmentCredentials.keyVariable) (API key), or add --sandbox to run against the "
                            + "built-in sandbox"))
            }
            self = .tmdb(credentials, baseURL ?? TMDB.apiBaseURL)
        }
    }

    var baseURL: URL {
        switch self {
        case .sandbox(_, let url), .tmdb(_, let url): url
        }
    }

    var credentials: Credentials {
        switch self {
        case .sandbox: .bearerToken(SandboxServer.bearerToken)
        case .tmdb(let credentials, _): credentials
        }
    }

    /// The sandbox started for this target, if it is one.
    var sandbox: SandboxServer? {
        if case .sandbox(let server, _) = self { server } else { nil }
    }

    /// Stops the sandbox, if this target started one, waiting for its threads without holding one.
    func stop() async {
        await sandbox?.stop()
    }

    /// The largest API answer accepted, decoded: a runaway body stops here instead of filling memory.
    static let maximumBodyBytes = 8 << 20

    /// A TMDB client for this target over libcurl, with at most `connections` open to the host; pacing and retries
    /// are the client's defaults until the caller sets them.
    func client(connections: Int) -> APIClient {
        APIClient(
            baseURL: baseURL, credentials: credentials,
            transport: CurlTransport(
                maximumConnectionsPerHost: connections, maximumBodyBytes: Self.maximumBodyBytes),
            userAgent: ToolVersion.userAgent, errorMessage: TMDB.errorMessage(of:))
    }
}
