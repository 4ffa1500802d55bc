import Foundation

/// The package's root folder (where `Package.swift`, `README.md` and `jobs/` are), found from this file's path.
public let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().standardized.path
