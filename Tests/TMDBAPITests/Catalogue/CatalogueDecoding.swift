import Foundation
import TMDBAPI

/// Reads catalogue records from fixtures and inline text.
enum CatalogueDecoding {
    static func movie(_ data: Data) throws(CatalogueRecordError) -> MovieRecord {
        try withBytes(data) { bytes throws(CatalogueRecordError) in try MovieRecord(details: bytes) }
    }

    static func series(_ data: Data) throws(CatalogueRecordError) -> SeriesRecord {
        try withBytes(data) { bytes throws(CatalogueRecordError) in try SeriesRecord(details: bytes) }
    }

    /// The error reading `text` as a movie fails with, or nil if it reads.
    static func movieError(_ text: String) -> CatalogueRecordError? {
        do {
            _ = try movie(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    private static func withBytes<T>(
        _ data: Data, _ body: (UnsafeRawBufferPointer) throws(CatalogueRecordError) -> T
    ) throws(CatalogueRecordError) -> T {
        let bytes = [UInt8](data)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(CatalogueRecordError) -> T in try body(raw) }
        }
        return try result.get()
    }
}
