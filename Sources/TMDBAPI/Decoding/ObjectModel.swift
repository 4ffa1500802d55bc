import JSON

/// A model read from one JSON object, one known key at a time: a list item, or a page's `dates`.
///
/// `read(_:_:)` says once what each key means. ``init(scanning:)`` reads an object as its page streams past;
/// ``init(outlined:)`` reads one from a damaged page, and when it fails names the field to blame.
public protocol ObjectModel {
    /// The keys the model reads, in the order a damaged object's fields are checked: the first that fails is the one
    /// its rejection names.
    associatedtype Field: ModelField
    /// The model before any field is read: what each missing optional field leaves.
    static var unread: Self { get }
    /// Reads the value of `field` into the model.
    mutating func read(_ field: Field, _ value: inout FieldValue) throws(FieldValue.Failure)
}

/// The keys of an ``ObjectModel``, spelled as JSON spells them.
public protocol ModelField: RawRepresentable<String>, CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The fields an object is rejected without.
    static var required: [Self] { get }
}

extension ModelField {
    public static var required: [Self] { [] }
}

/// Why an object of a damaged page could not be read: the field (a path within the object, e.g. `genre_ids[1]`; nil
/// when the object as a whole is wrong) and the reason.
struct ObjectRejection: Error {
    var field: String?
    var reason: String
}

extension ObjectModel {
    /// Reads the object that comes next as its page streams past. Fails for anything the damaged-page reader might
    /// read otherwise: a known key given twice, a value that is not valid JSON, as well as for a field that cannot
    /// be read or a required field missing.
    init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var model = Self.unread
        var seen = SeenFields<Field>()
        var value = FieldValue(streaming: scanner)
        var object = try value.scanner.openObject()
        while let key = try value.scanner.nextKey(in: &object) {
            guard let field = Field(rawValue: key) else {
                try value.scanner.skipValue()
                continue
            }
            guard seen.insert(field) else { throw value.scanner.failure("duplicate key \(key)") }
            do throws(FieldValue.Failure) {
                try model.read(field, &value)
            } catch {
                var failure = value.scanner.failure(error.reason)
                failure.key = key + error.path
                throw failure
            }
        }
        if let missing = Field.required.first(where: { !seen.contains($0) }) {
            throw value.scanner.failure("missing \(missing.rawValue)")
        }
        scanner = value.scanner
        self = model
    }

    /// Reads an object of a damaged page from its own bytes, as `JSONDecoder` read it: field by field in `Field`'s
    /// order, each from the first member of its name, keys the model does not know never read.
    init(outlined object: UnsafeRawBufferPointer) throws(ObjectRejection) {
        let outline = JSONOutline(object)
        guard let members = outline.members(ofObjectAt: 0) else {
            throw ObjectRejection(field: nil, reason: "not an object")
        }
        guard members.allSatisfy({ $0.name != nil }) else {
            throw ObjectRejection(field: nil, reason: "a key cannot be read")
        }
        var model = Self.unread
        for field in Field.allCases {
            guard let member = members.first(where: { $0.name == field.rawValue }) else {
                if Field.required.contains(field) { throw ObjectRejection(field: field.rawValue, reason: "missing") }
                continue
            }
            var value = FieldValue(outlined: UnsafeRawBufferPointer(rebasing: object[member.value]))
            do throws(FieldValue.Failure) {
                try model.read(field, &value)
            } catch {
                throw ObjectRejection(field: field.rawValue + error.path, reason: error.reason)
            }
        }
        self = model
    }
}

/// Which fields of an object were read so far, one bit each.
struct SeenFields<Field: ModelField> {
    private var bits: UInt64 = 0

    /// Records `field`; false if it was already seen.
    mutating func insert(_ field: Field) -> Bool {
        let bit = Self.bit(field)
        defer { bits |= bit }
        return bits & bit == 0
    }

    func contains(_ field: Field) -> Bool { bits & Self.bit(field) != 0 }

    private static func bit(_ field: Field) -> UInt64 {
        let index = Field.allCases.firstIndex(of: field)!
        precondition(index < UInt64.bitWidth, "more fields than bits")
        return 1 << UInt64(index)
    }
}
