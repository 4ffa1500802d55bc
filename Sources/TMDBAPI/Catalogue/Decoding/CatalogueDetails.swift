import JSON

/// A record read from a whole details answer (``CatalogueReader/details(_:_:into:)``): the reader takes the
/// top-level `id`, the record every other top-level key.
protocol CatalogueDetails {
    var id: Int { get set }
    var largeIntegers: [String] { get set }
    /// Reads the top-level member `key` (never `id`), skipping it when the record has no use for it.
    mutating func read(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure)
}

extension CatalogueReader {
    /// Reads a details answer of `type` into `record`, failing as ``record(_:_:_:)`` does and when it has no `id`.
    static func details<Record: CatalogueDetails>(
        _ type: CatalogueType, _ bytes: UnsafeRawBufferPointer, into record: Record
    ) throws(CatalogueRecordError) -> Record {
        try Self.record(type, bytes) { (reader, id) throws(Failure) in
            var record = record
            try reader.object { (reader, key) throws(Failure) in
                if key == "id" { id = try reader.int() } else { try record.read(key, &reader) }
            }
            record.id = try requireID(id, reader)
            record.largeIntegers = reader.largeIntegers
            return record
        }
    }
}
