/// A parsed JSON value that keeps exact types (integer vs. decimal vs. boolean) and, for object members,
/// where in the file they were, so job-file errors can point at a line.
indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An object; members keep the order they were written in.
    case object([Member])

    /// One `"key": value` pair of an object, with the line the key is on.
    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONValue
        /// The 1-based line of the key.
        var line: Int
    }

    /// The member with this key, if the value is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's type, for "expected …, found …" messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
