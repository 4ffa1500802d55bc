// swift-tools-version:6.0
// A yardstick for bench/run, kept out of the main package: bare URLSession fetching a list of URLs.
import PackageDescription

let package = Package(
    name: "urlsession-floor",
    targets: [
        .executableTarget(name: "urlsession-floor", path: "Sources/urlsession-floor")
    ]
)
