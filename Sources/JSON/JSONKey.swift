/// An object member's key as ``JSONScanner/nextKeyBytes(in:)`` read it: unescaped, checked as UTF-8, and matched
/// against literal keys byte for byte (`switch key { case "id": … }`), without making a `String`. A details answer
/// has ~1,500 keys, and making each one a `String` and comparing it with a `switch`'s cases cost the catalogue
/// reader a sixth of its time.
///
/// A key without escapes points into the scanned document: use it while the scanner's bytes are alive.
public struct JSONKey {
    @usableFromInline enum Storage {
        /// The key's bytes inside the document.
        case borrowed(UnsafeRawBufferPointer)
        /// The key with its escapes resolved, for the rare key that has any.
        case unescaped([UInt8])
    }

    @usableFromInline let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    /// The key as a `String`, for messages.
    public var string: String {
        switch storage {
        case .borrowed(let bytes): String(decoding: bytes, as: UTF8.self)
        case .unescaped(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether the key's UTF-8 is `literal`'s.
    @inlinable @inline(__always) public static func == (key: JSONKey, literal: StaticString) -> Bool {
        // A `switch` tries its cases in turn: most fail on the length alone.
        guard case .borrowed(let bytes) = key.storage, literal.hasPointerRepresentation else {
            return key.matchesSlowly(literal)
        }
        let count = bytes.count
        guard literal.utf8CodeUnitCount == count else { return false }
        let expected = literal.utf8Start
        for index in 0..<count where bytes[index] != expected[index] { return false }
        return true
    }

    @usableFromInline func matchesSlowly(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            switch storage {
            case .borrowed(let bytes): bytes.elementsEqual(expected)
            case .unescaped(let bytes): bytes.elementsEqual(expected)
            }
        }
    }

    /// Matches a key against a literal `case` of a `switch`.
    @inlinable @inline(__always) public static func ~= (literal: StaticString, key: JSONKey) -> Bool {
        key == literal
    }
}
