import Foundation
import JSON

/// How the records of a snapshot file end and where their key is: the key is the table's first column, or the
/// details answer's `"id"`.
public enum SnapshotRecordFormat: Sendable, Hashable {
    /// `<table>.csv`: a header, then RFC 4180 records whose first field is the key; an LF inside quotes is data.
    case csv
    /// `<table>.ndjson`: one object per line whose first member's value is the key.
    case ndjson
    /// `<type>_details.ndjson`: one details answer per line, keyed by its top-level `"id"`, wherever it is.
    case details

    /// The format of a catalogue run's file by its name: `…_details[.upserts].ndjson` holds details answers, any
    /// other `.ndjson` table rows, `.csv` CSV.
    public init(fileName: String) {
        let name = (fileName as NSString).lastPathComponent
        if name.hasSuffix(".csv") {
            self = .csv
        } else if name.hasSuffix("_details.ndjson") || name.hasSuffix("_details.upserts.ndjson") {
            self = .details
        } else {
            self = .ndjson
        }
    }

    /// The format of a table file written in `format`.
    public init(_ format: OutputFormat) {
        switch format {
        case .csv: self = .csv
        case .ndjson: self = .ndjson
        }
    }

    /// The key of one whole record (its LF included); nil when it has none that is a non-negative integer.
    package func key(of record: UnsafeRawBufferPointer) -> Int? {
        switch self {
        case .csv: Self.leadingInteger(record)
        case .ndjson: Self.firstMemberInteger(record)
        case .details: Self.idMemberInteger(record)
        }
    }

    /// The digits before the first comma (or the LF of a one-column record), parsed without making a `String`.
    private static func leadingInteger(_ record: UnsafeRawBufferPointer) -> Int? {
        var value = 0
        var digits = 0
        for byte in record {
            if byte == UInt8(ascii: ",") || byte == 0x0A { break }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    private static func firstMemberInteger(_ record: UnsafeRawBufferPointer) -> Int? {
        var scanner = JSONScanner(record)
        guard var object = try? scanner.openObject(), (try? scanner.nextKeyBytes(in: &object)) != nil,
            let value = try? scanner.int(), value >= 0
        else { return nil }
        return value
    }

    /// Steps over the members before `"id"` without reading them into values.
    private static func idMemberInteger(_ record: UnsafeRawBufferPointer) -> Int? {
        var scanner = JSONScanner(record)
        guard var object = try? scanner.openObject() else { return nil }
        while let key = try? scanner.nextKeyBytes(in: &object) {
            if key == "id" {
                guard let value = try? scanner.int(), value >= 0 else { return nil }
                return value
            }
            guard (try? scanner.skipValue()) != nil else { return nil }
        }
        return nil
    }
}
