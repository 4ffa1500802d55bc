// swift-tools-version: 6.0
import PackageDescription

/// tmdb-export: a batch exporter for The Movie Database API. No package dependencies, by design.
let package = Package(
    name: "tmdb-export",
    targets: [
        .target(name: "HTTPClient"),
        .target(name: "TMDBAPI", dependencies: ["HTTPClient"]),
        .target(name: "Exporter", dependencies: ["HTTPClient", "TMDBAPI"]),
        .target(name: "TMDBSandbox"),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TMDBSandbox"]),
        .testTarget(
            name: "TMDBAPITests", dependencies: ["TMDBAPI", "HTTPClient", "TMDBSandbox"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ExporterTests", dependencies: ["Exporter", "TMDBAPI", "HTTPClient", "TMDBSandbox"]),
        .testTarget(name: "TMDBSandboxTests", dependencies: ["TMDBSandbox"]),
    ],
    swiftLanguageModes: [.v6]
)
