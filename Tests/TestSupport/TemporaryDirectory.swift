import Foundation

/// A fresh folder under the system's temporary directory, for one test. Nothing removes it but ``remove()``, so a
/// test pairs the two: `let directory = try TemporaryDirectory()`, then `defer { directory.remove() }`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    /// - Parameter prefix: starts the folder's name, so that a folder left behind by a crashed test says whose it is.
    public init(prefix: String = "tmdb-export-tests") throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Reads the UTF-8 file at `relative`, a path inside the folder.
    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: (path as NSString).appendingPathComponent(relative), encoding: .utf8)
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(relative))
    }

    /// Writes `text` to `relative`, creating the folders on the way, and returns the file's full path.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
