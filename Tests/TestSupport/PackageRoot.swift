import Foundation

/// The package's root folder (where `Package.swift`, `README.md`, `docs/` and `jobs/` are), found from this file's
/// path.
public let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().standardized.path

/// The text of a file of the package, by its path from the root (`README.md`, `jobs/schema.json`).
public func packageFile(_ path: String) throws -> String {
    try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8)
}

/// The text of the documentation page `docs/<page>.md`, where the tests that keep the documentation true read it.
public func documentationPage(_ page: String) throws -> String {
    try packageFile("docs/\(page).md")
}
