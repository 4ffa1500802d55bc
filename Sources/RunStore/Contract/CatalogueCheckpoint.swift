import Foundation
import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// How far a catalogue run has durably got: for each catalogue, the position in its sorted id list up to which every
/// id is written, its counts, and the length and row count of every file at that moment.
///
/// Kept in `catalogue-checkpoint` in the staging run, rewritten in place (one `pwrite` of one line, which a killed
/// process cannot tear) each time the written frontier moves. `--resume` cuts every file back to these lengths and
/// fetches from these positions: nothing written before the checkpoint is fetched again.
package struct CatalogueCheckpoint: Sendable, Hashable {
    package struct Counts: Sendable, Hashable {
        package var fetched = 0
        package var removed = 0
        package var failed = 0

        package init(fetched: Int = 0, removed: Int = 0, failed: Int = 0) {
            self.fetched = fetched
            self.removed = removed
            self.failed = failed
        }
    }

    package struct FileState: Sendable, Hashable {
        package var name: String
        package var bytes: Int
        package var rows: Int

        package init(name: String, bytes: Int, rows: Int) {
            self.name = name
            self.bytes = bytes
            self.rows = rows
        }
    }

    /// Per catalogue of the job: the next position to write in its sorted ids.
    package var positions: [Int]
    package var counts: [Counts]
    package var files: [FileState]

    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("positions")
        writer.beginArray()
        for position in positions { writer.integer(position) }
        writer.endArray()
        Self.write("counts", arraysOf: counts, into: &writer) { count, writer in
            writer.integer(count.fetched)
            writer.integer(count.removed)
            writer.integer(count.failed)
        }
        Self.write("files", arraysOf: files, into: &writer) { file, writer in
            writer.string(file.name)
            writer.integer(file.bytes)
            writer.integer(file.rows)
        }
        writer.endObject()
        writer.endLine()
        return writer.bytes
    }

    /// Writes `key` and `elements` as an array of arrays, each element's values written by `values`.
    private static func write<Element>(
        _ key: StaticString, arraysOf elements: [Element], into writer: inout JSONWriter,
        _ values: (Element, inout JSONWriter) -> Void
    ) {
        writer.key(key)
        writer.beginArray()
        for element in elements {
            writer.beginArray()
            values(element, &writer)
            writer.endArray()
        }
        writer.endArray()
    }

    /// Reads the first line of a checkpoint file; nil when there is none or it does not parse (never written, or
    /// torn by a power cut: the run starts over).
    package static func read(from path: String) -> CatalogueCheckpoint? {
        guard let data = FileManager.default.contents(atPath: path), let end = data.firstIndex(of: 0x0A) else {
            return nil
        }
        return data[data.startIndex..<end].withUnsafeBytes { bytes in try? parse(bytes) }
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONScanner.Failure) -> CatalogueCheckpoint {
        var scanner = JSONScanner(bytes)
        var checkpoint = CatalogueCheckpoint(positions: [], counts: [], files: [])
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            var array = try scanner.openArray()
            while try scanner.nextElement(in: &array) {
                switch key {
                case "positions":
                    checkpoint.positions.append(try scanner.int())
                case "counts":
                    var inner = try scanner.openArray()
                    var values: [Int] = []
                    while try scanner.nextElement(in: &inner) { values.append(try scanner.int()) }
                    guard values.count == 3 else { throw scanner.failure("expected 3 counts") }
                    checkpoint.counts.append(Counts(fetched: values[0], removed: values[1], failed: values[2]))
                case "files":
                    var inner = try scanner.openArray()
                    guard try scanner.nextElement(in: &inner) else { throw scanner.failure("expected a name") }
                    let name = try scanner.string()
                    guard try scanner.nextElement(in: &inner) else { throw scanner.failure("expected a length") }
                    let length = try scanner.int()
                    guard try scanner.nextElement(in: &inner) else { throw scanner.failure("expected rows") }
                    let rows = try scanner.int()
                    guard try !scanner.nextElement(in: &inner) else { throw scanner.failure("expected 3 values") }
                    checkpoint.files.append(FileState(name: name, bytes: length, rows: rows))
                default:
                    try scanner.skipValue()
                }
            }
        }
        return checkpoint
    }

    package init(positions: [Int], counts: [Counts], files: [FileState]) {
        self.positions = positions
        self.counts = counts
        self.files = files
    }
}

/// The checkpoint file, open for rewriting in place.
package final class CheckpointFile {
    package let path: String
    private let descriptor: Int32

    package init(directory: String) throws(OutputError) {
        path = (directory as NSString).appendingPathComponent(SnapshotLayout.checkpoint)
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.fromErrno("open", path: path) }
    }

    deinit { close(descriptor) }

    /// Replaces the checkpoint: one write at offset 0, then the file cut to the line (a kill between the two leaves
    /// the new line first, which is all ``CatalogueCheckpoint/read(from:)`` reads).
    package func write(_ checkpoint: CatalogueCheckpoint) throws(OutputError) {
        let bytes = checkpoint.encoded()
        if let failure = bytes.withUnsafeBytes({ DescriptorIO.writeAll(descriptor, $0, at: 0) }) {
            throw OutputError.fromErrno("write", path: path, errno: failure)
        }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else {
            throw OutputError.fromErrno("truncate", path: path)
        }
    }
}
