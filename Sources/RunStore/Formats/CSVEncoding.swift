/// RFC 4180 field encoding: a field containing a comma, a double quote, CR or LF is enclosed in double quotes
/// with inner quotes doubled; any other field is written as it is. Output is UTF-8 bytes.
package enum CSVEncoding {
    /// Appends one encoded field to `buffer`.
    package static func appendField(_ field: String, to buffer: inout [UInt8]) {
        // Through the contiguous UTF-8 that native and small strings have: String.UTF8View's iterator costs a call
        // per byte.
        let copied = field.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return false }
            buffer.append(contentsOf: utf8)
            return true
        }
        if copied == true { return }
        let needsQuotes = field.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            buffer.append(contentsOf: field.utf8)
            return
        }
        buffer.append(0x22)
        for byte in field.utf8 {
            if byte == 0x22 { buffer.append(0x22) }
            buffer.append(byte)
        }
        buffer.append(0x22)
    }

    /// One record: fields separated by commas, ended by LF.
    package static func record(_ fields: [String]) -> [UInt8] {
        var buffer: [UInt8] = []
        appendRecord(fields, to: &buffer)
        return buffer
    }

    /// Appends one record, LF-terminated.
    package static func appendRecord(_ fields: [String], to buffer: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.append(0x2C) }
            appendField(field, to: &buffer)
        }
        buffer.append(0x0A)
    }
}
