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
    /// Reads the object that comes next as its page streams past. (A requirement, with the one implementation
    /// below, so that each model's conformance runs a copy specialized for it: a page's generic code calls it 20
    /// times, and unspecialized it read a page four times slower.)
    init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure)
}

/// The keys of an ``ObjectModel``.
public protocol ModelField: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The key as JSON spells it. (A `StaticString`, matched against the scanner's keys without making a `String`
    /// of either: matching `String`s took a sixth of a page's time.)
    var key: StaticString { get }
    /// The fields an object is rejected without.
    static var required: [Self] { get }
}

extension ModelField {
    public static var required: [Self] { [] }

    /// The key as a `String`.
    var name: String { key.description }

    /// The field of `fields` (its `allCases`, passed in so that it is not retained and released at every key) named
    /// `key`, and its position; nil for a key the model does not read.
    static func named(_ key: JSONKey, in fields: [Self]) -> (field: Self, index: Int)? {
        for index in fields.indices where key == fields[index].key { return (fields[index], index) }
        return nil
    }
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
    public init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var model = Self.unread
        var seen = SeenFields<Field>()
        let fields = Field.allCases
        var value = FieldValue(streaming: scanner)
        var object = try value.scanner.openObject()
        while let key = try value.scanner.nextKeyBytes(in: &object) {
            guard let (field, index) = Field.named(key, in: fields) else {
                try value.scanner.skipValue()
                continue
            }
            guard seen.insert(index) else { throw value.scanner.failure("duplicate key \(field.name)") }
            do throws(FieldValue.Failure) {
                try model.read(field, &value)
            } catch {
                var failure = value.scanner.failure(error.reason)
                failure.key = field.name + error.path
                throw failure
            }
        }
        if let missing = seen.missing(Field.required, of: fields) {
            throw value.scanner.failure("missing \(missing.name)")
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
            let name = field.name
            guard let member = members.first(where: { $0.name == name }) else {
                if Field.required.contains(field) { throw ObjectRejection(field: name, reason: "missing") }
                continue
            }
            var value = FieldValue(outlined: UnsafeRawBufferPointer(rebasing: object[member.value]))
            do throws(FieldValue.Failure) {
                try model.read(field, &value)
            } catch {
                throw ObjectRejection(field: name + error.path, reason: error.reason)
            }
        }
        self = model
    }
}

/// Which fields of an object were read so far, one bit per position in `Field.allCases`.
struct SeenFields<Field: ModelField> {
    private var bits: UInt64 = 0

    /// Records the field at `index`; false if it was already seen.
    mutating func insert(_ index: Int) -> Bool {
        precondition(index < UInt64.bitWidth, "more fields than bits")
        let bit: UInt64 = 1 << UInt64(index)
        defer { bits |= bit }
        return bits & bit == 0
    }

    /// The first of `required` not seen, if any; `fields` is `Field.allCases`.
    func missing(_ required: [Field], of fields: [Field]) -> Field? {
        required.first { field in bits & 1 << UInt64(fields.firstIndex(of: field)!) == 0 }
    }
}
