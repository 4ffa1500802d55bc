import Foundation

@testable import TMDBSandbox

/// The lines of an export file (inflated), by id, keeping those whose id `keeps` accepts. Reads the id at its fixed
/// place (`{"adult":false,"id":` for movies, `{"id":` for series) and finds line ends with `memchr`: a byte loop or
/// a JSON parse per line is slow in a debug build.
func exportLines(
    _ bytes: [UInt8], _ type: CatalogueMediaType, adult: Bool, keeping keeps: (Int) -> Bool = { _ in true }
) -> [Int: String] {
    let idOffset = type == .series ? 6 : adult ? 19 : 20
    var lines: [Int: String] = [:]
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count {
            let newline = memchr(base + start, 0x0A, buffer.count - start)
            let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
            var id = 0
            var index = start + idOffset
            while index < end, (48...57).contains(buffer[index]) {
                id = id * 10 + Int(buffer[index] - 48)
                index += 1
            }
            if keeps(id) {
                lines[id] = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            }
            start = end + 1
        }
    }
    return lines
}

/// The inflated bytes of the export file `name` as ``ExportFileProducer`` serves it from `universe`.
func producedExportFile(_ name: String, from universe: SandboxCatalogueUniverse) -> [UInt8]? {
    guard let file = ExportFileName(name) else { return nil }
    let producer = ExportFileProducer(universe: universe, file: file)
    var compressed: [UInt8] = []
    while let piece = producer.next() { compressed += piece }
    return gunzip(compressed)
}
