import Foundation
import TMDBAPI

/// `failures.ndjson` beside a run's `manifest.json`: every failure of the run, one JSON object a line, spelt as the
/// manifest's `failures` entries are (`endpoint`, `page`, `reason`). The manifest lists only the first few and counts
/// the rest, so that 140,000 failed ids do not make a manifest the next night refuses to read.
package enum FailuresFile {
    package static let name = "failures.ndjson"

    /// Writes `failures` into `directory` through a temporary name; nil (and no file) when there are none.
    package static func write(
        _ failures: [Manifest.Failure], into directory: String
    ) throws(OutputError) -> Manifest.DataFile? {
        guard !failures.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Data()
        for failure in failures {
            // A failure is two strings and a number: it always encodes.
            bytes.append((try? encoder.encode(failure)) ?? Data())
            bytes.append(0x0A)
        }
        try AtomicFileWriter.write(bytes, to: (directory as NSString).appendingPathComponent(name))
        return Manifest.DataFile(
            path: name, format: "ndjson", rows: failures.count, bytes: bytes.count, sha256: SHA256.hex(of: bytes))
    }

    /// The failures of the run in `directory`, read from `file` once its size and SHA-256 match the manifest's,
    /// one line decoded at a time.
    /// - Throws: ``OutputError`` naming the file when it is missing, differs from `file`, or has a line that is not a
    ///   failure.
    package static func read(_ file: Manifest.DataFile, in directory: String) throws(OutputError) -> [Manifest.Failure]
    {
        let path = (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OutputError(operation: "read", path: path, reason: "the file cannot be read")
        }
        guard data.count == file.bytes, SHA256.hex(of: data) == file.sha256 else {
            throw OutputError(operation: "read", path: path, reason: "it does not match its SHA-256 in the manifest")
        }
        let decoder = JSONDecoder()
        var failures: [Manifest.Failure] = []
        failures.reserveCapacity(file.rows)
        for (index, line) in data.split(separator: 0x0A).enumerated() {
            guard let failure = try? decoder.decode(Manifest.Failure.self, from: line) else {
                throw OutputError(
                    operation: "read", path: path,
                    reason: "line \(index + 1) is not a failure ({\"endpoint\": …, \"reason\": …})")
            }
            failures.append(failure)
        }
        return failures
    }
}

extension Manifest {
    /// Every failure of the run in `directory` whose manifest this is: `failures.ndjson`, or the manifest's own list
    /// when an earlier version wrote it.
    /// - Throws: ``OutputError`` when `failures.ndjson` cannot be read or differs from the manifest.
    package func allFailures(in directory: String) throws(OutputError) -> [Failure] {
        guard let failuresFile else { return failures }
        return try FailuresFile.read(failuresFile, in: directory)
    }
}
