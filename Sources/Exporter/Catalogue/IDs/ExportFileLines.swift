import Gzip
import TMDBAPI

/// The lines of a downloaded gzip export, ID or dimension, read as the file streams by, with the errors a bad file
/// gets: ``ExportError/badIDExport(file:line:reason:)`` naming the file and 1-based line.
struct ExportFileLines: Sendable {
    /// The gzip file.
    let path: String
    /// How errors name the file: its path, or its URL while it is being downloaded.
    let file: String
    /// The line past its maximum stops the reading.
    let lineLimit: ExportLineLimit

    init(_ path: String, naming file: String? = nil, lineLimit: ExportLineLimit) {
        self.path = path
        self.file = file ?? path
        self.lineLimit = lineLimit
    }

    /// Calls `body` with every line, without its `\n`, and its number.
    /// - Throws: for a file that is not sound gzip or has more lines than ``lineLimit``; whatever `body` throws.
    func forEachLine(_ body: (UnsafeRawBufferPointer, Int) throws(ExportError) -> Void) throws(ExportError) {
        do {
            try GzipLineReader(path: path).forEachLine { line, number in
                guard number <= lineLimit.maximum else {
                    throw ExportError.badIDExport(file: file, line: number, reason: lineLimit.reason)
                }
                try body(line, number)
            }
        } catch let error as ExportError {
            throw error
        } catch let failure as GzipLineReader.Failure {
            throw .badIDExport(file: file, line: failure.line, reason: failure.reason)
        } catch {
            throw .badIDExport(file: file, line: 0, reason: "\(type(of: error))")
        }
    }

    /// Calls `body` with the entry of every line that is not blank, its id, and the line's number.
    /// - Parameter shape: what a line should be, as the error says it: `an ID export`.
    /// - Throws: as ``forEachLine(_:)``, and for a line that is not `shape` or whose id is not between 1 and
    ///   2^32 - 1.
    func forEachEntry(
        keepingTitle: Bool, shape: String, _ body: (IDExportEntry, UInt32, Int) throws(ExportError) -> Void
    ) throws(ExportError) {
        try forEachLine { (line, number) throws(ExportError) in
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            let entry: IDExportEntry
            do { entry = try IDExportEntry(line: line, keepingTitle: keepingTitle) } catch {
                throw .badIDExport(file: file, line: number, reason: "not \(shape) line: \(error)")
            }
            guard let id = UInt32(exactly: entry.id), id > 0 else {
                throw .badIDExport(
                    file: file, line: number, reason: "the id \(entry.id) is not between 1 and \(UInt32.max)")
            }
            try body(entry, id, number)
        }
    }
}
