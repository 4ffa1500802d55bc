import Foundation

/// The expected output of a command, kept as a literal file under `Snapshots/` so that a change to it shows in review
/// as a change to that file.
enum Snapshot {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "no snapshot Snapshots/\(name)" }
    }

    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Snapshots") else {
            throw Missing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
