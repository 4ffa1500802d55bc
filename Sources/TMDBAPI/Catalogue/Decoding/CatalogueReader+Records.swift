import JSON

extension CatalogueReader {
    /// Reads a whole details answer with `read`, which must read the top-level object, and turns a failure into a
    /// ``CatalogueRecordError`` that names the record's id: the one `read` got to, else one found by reading the
    /// answer again for its top-level `id`.
    static func record<Record>(
        _ type: CatalogueType, _ bytes: UnsafeRawBufferPointer,
        _ read: (inout CatalogueReader, inout Int?) throws(Failure) -> Record
    ) throws(CatalogueRecordError) -> Record {
        var reader = CatalogueReader(bytes)
        var id: Int?
        do {
            let record = try read(&reader, &id)
            try reader.expectEnd()
            return record
        } catch {
            throw CatalogueRecordError(
                type: type, id: id ?? topLevelID(bytes), path: error.path, message: error.message,
                offset: error.offset)
        }
    }

    /// The integer under the top-level `id` key, if the answer gets that far as valid JSON.
    private static func topLevelID(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var scanner = JSONScanner(bytes)
        guard var object = try? scanner.openObject() else { return nil }
        while let key = try? scanner.nextKey(in: &object) {
            if key == "id" { return try? scanner.int() }
            guard (try? scanner.skipValue(depth: 1)) != nil else { return nil }
        }
        return nil
    }

    /// Fails unless the answer had an `id`.
    static func requireID(_ id: Int?, _ reader: CatalogueReader) throws(Failure) -> Int {
        guard let id else {
            throw Failure(message: "no integer id in the details object", offset: reader.scanner.failure("").offset)
        }
        return id
    }
}
