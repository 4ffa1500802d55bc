// swift-tools-version: 6.0
import PackageDescription

/// tmdb-export: a batch exporter for The Movie Database API. No package dependencies, by design.
let package = Package(
    name: "tmdb-export",
    products: [
        .executable(name: "tmdb-export", targets: ["tmdb-export"])
    ],
    targets: [
        // The operating system's libcurl and zlib, the only code the package takes from outside (headers from
        // Debian's libcurl4-openssl-dev and zlib1g-dev).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The JSON reader (list pages, job files) and writer (NDJSON, log lines) that JSONDecoder does not replace.
        .target(name: "JSON"),
        // gzip on zlib, read as it streams: a compressed answer's body, a `.gz` file line by line.
        .target(name: "Gzip", dependencies: ["CZlib"]),
        // The generic HTTP client: Endpoint, transport seam, the libcurl transport, errors.
        .target(name: "HTTPClient", dependencies: ["CCurl", "Gzip"]),
        // TMDB endpoints and models on top of the generic client.
        .target(name: "TMDBAPI", dependencies: ["HTTPClient", "JSON"]),
        // SHA-256's compression on the x86 SHA extensions, for the CPUs that have them (SHA256.swift asks first).
        .target(name: "CSHA256"),
        // What is on disk and how it gets there safely: file primitives, CSV and record formats, the table merge, the
        // snapshot's layout, schemas and manifest, and a run's life (lock, staging, publishing). Sends no request;
        // TMDBAPI is here for vocabulary only (catalogue types, appended resources, export days).
        .target(name: "RunStore", dependencies: ["JSON", "TMDBAPI", "CSHA256"]),
        // A run's report.html and its data-package description (datapackage.json, load.sql), from the manifest, the
        // schemas and the files alone.
        .target(name: "RunReport", dependencies: ["RunStore", "JSON", "TMDBAPI"]),
        // The engine: jobs, scheduling, fetching, rows from records, the night planner, merge orchestration.
        .target(
            name: "Exporter", dependencies: ["HTTPClient", "TMDBAPI", "JSON", "Gzip", "RunStore", "RunReport"]),
        // The TMDB look-alike served on loopback. Independent of the client on purpose: a black box.
        .target(name: "TMDBSandbox", dependencies: ["CZlib"]),
        // Argument parsing, commands, exit codes.
        .target(
            name: "ExportCLI",
            dependencies: ["HTTPClient", "TMDBAPI", "Exporter", "RunStore", "RunReport", "JSON", "TMDBSandbox"]),
        .executableTarget(name: "tmdb-export", dependencies: ["ExportCLI"]),
        // bench/transport's driver: the libcurl transport alone, fetching a list of URLs (not a product).
        .executableTarget(name: "transport-bench", dependencies: ["HTTPClient"], path: "bench/transport-bench"),
        // bench/catalogue-rows: the CPU cost of turning one details answer into the catalogue's rows.
        .executableTarget(name: "catalogue-rows", dependencies: ["Exporter", "TMDBAPI"], path: "bench/catalogue-rows"),
        // bench/catalogue-merge: seconds and peak RSS of tonight's merge into a large snapshot table.
        .executableTarget(name: "catalogue-merge", dependencies: ["RunStore"], path: "bench/catalogue-merge"),
        // bench/sandbox-people: how long the sandbox takes to answer /3/person/{id}, and the day's index before it.
        .executableTarget(name: "sandbox-people", dependencies: ["TMDBSandbox"], path: "bench/sandbox-people"),
        // bench/sha256: MB/s of SHA-256's Swift rounds against the SHA extensions.
        .executableTarget(name: "sha256", dependencies: ["RunStore"], path: "bench/sha256"),

        // What the test targets share: temporary folders, a sandbox scoped to a body, the built binary's runner.
        .target(name: "TestSupport", dependencies: ["TMDBSandbox"], path: "Tests/TestSupport"),
        // Runs a command and reports its own peak RSS, for the tests that bound the binary's memory.
        .executableTarget(name: "peak-rss", path: "Tests/PeakRSS"),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "CCurl", "TMDBSandbox", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "GzipTests", dependencies: ["Gzip", "CZlib", "TMDBSandbox", "TestSupport"]),
        .testTarget(
            name: "TMDBAPITests", dependencies: ["TMDBAPI", "HTTPClient", "JSON", "TMDBSandbox"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ExporterTests",
            dependencies: [
                "Exporter", "RunStore", "RunReport", "TMDBAPI", "HTTPClient", "TMDBSandbox", "TestSupport", "Gzip",
                "CSHA256",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "RunStoreTests", dependencies: ["RunStore", "TMDBAPI", "JSON", "CSHA256", "TestSupport"]),
        .testTarget(name: "RunReportTests", dependencies: ["RunReport", "RunStore", "TMDBAPI", "TestSupport"]),
        .testTarget(name: "TMDBSandboxTests", dependencies: ["TMDBSandbox", "CZlib", "TestSupport"]),
        .testTarget(
            name: "ExportCLITests",
            dependencies: ["ExportCLI", "RunStore", "TMDBSandbox", "tmdb-export", "peak-rss", "TestSupport"],
            resources: [.copy("Snapshots")]),
    ],
    swiftLanguageModes: [.v6]
)
