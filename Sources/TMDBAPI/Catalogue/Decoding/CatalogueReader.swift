import JSON

/// A ``JSONScanner`` that reads the values of a details answer as the catalogue models want them: `null` accepted
/// everywhere, a value of the wrong kind refused with what was found, and every failure carrying the key path it
/// happened under. The path is built only on failure, as the error travels out of the nested reads.
struct CatalogueReader {
    /// A failed read: where, and the path from the value that failed outwards (innermost component first).
    struct Failure: Error {
        enum Component {
            case key(String)
            case index(Int)
        }

        var reversedPath: [Component] = []
        var message: String
        var offset: Int

        /// `credits.cast[3].order`.
        var path: String {
            var text = ""
            for component in reversedPath.reversed() {
                switch component {
                case .key(let key): text += text.isEmpty ? key : "." + key
                case .index(let index): text += "[\(index)]"
                }
            }
            return text
        }
    }

    var scanner: JSONScanner
    /// Integers larger than a 64-bit integer, read as null: each as its key and digits, `budget 9223372036854775808`.
    private(set) var largeIntegers: [String] = []
    /// The key of the member being read, for ``largeIntegers``.
    private var memberKey: JSONKey?

    /// A reader that refuses `\u0000`, which ``JSONTextRepair/reading(_:_:)`` then repairs.
    init(_ bytes: UnsafeRawBufferPointer) {
        scanner = JSONScanner(bytes)
        scanner.refusesNUL = true
    }

    private func failure(_ error: JSONScanner.Failure) -> Failure {
        Failure(message: error.message, offset: error.offset)
    }

    /// Fails with "expected `what`, found …" naming the kind of the value that comes next.
    private mutating func mismatch(_ what: String) -> Failure {
        let found: String
        do {
            found =
                switch try scanner.nextKind(depth: 0) {
                case .object: "an object"
                case .array: "an array"
                case .string: "a string"
                case .boolean: "a boolean"
                case .null: "null"
                case .number: "a number"
                }
        } catch {
            return failure(error)
        }
        return Failure(message: "expected \(what), found \(found)", offset: scanner.failure("").offset)
    }

    /// Whether `null` comes next, consuming it if so.
    private mutating func null() throws(Failure) -> Bool {
        do { return try scanner.null() } catch { throw failure(error) }
    }

    /// An integer written without fraction or exponent, or nil for `null`.
    mutating func int() throws(Failure) -> Int? {
        if try null() { return nil }
        let offset = scanner.failure("").offset
        let number: JSONScanner.Number
        do { number = try scanner.number() } catch {
            // A number that is not valid JSON keeps the scanner's message; anything else says what it is.
            throw (try? scanner.nextKind(depth: 0)) == .number ? failure(error) : mismatch("an integer")
        }
        switch number {
        case .integer(let value): return value
        case .largeInteger(let value):
            // Past Int64 no engine's bigint holds it: null, named, rather than the whole record failed.
            largeIntegers.append(
                "\(memberKey?.string ?? "value") \(Int128(exactly: value).map { "\($0)" } ?? "\(value)")")
            return nil
        case .decimal:
            throw Failure(message: "expected an integer, found a decimal number", offset: offset)
        }
    }

    /// Any finite number, or nil for `null`.
    mutating func double() throws(Failure) -> Double? {
        if try null() { return nil }
        guard case .number = try kind() else { throw mismatch("a number") }
        do { return try scanner.double() } catch { throw failure(error) }
    }

    /// A string, or nil for `null`.
    mutating func string() throws(Failure) -> String? {
        if try null() { return nil }
        guard case .string = try kind() else { throw mismatch("a string") }
        do { return try scanner.string() } catch { throw failure(error) }
    }

    /// A string, or nil for `null` and for `""` (TMDB's empty date, path or id).
    mutating func nonEmptyString() throws(Failure) -> String? {
        guard let string = try string(), !string.isEmpty else { return nil }
        return string
    }

    /// `true` or `false`, or nil for `null`.
    mutating func bool() throws(Failure) -> Bool? {
        if try null() { return nil }
        guard case .boolean = try kind() else { throw mismatch("true or false") }
        do { return try scanner.bool() } catch { throw failure(error) }
    }

    private mutating func kind() throws(Failure) -> JSONScanner.Kind {
        do { return try scanner.nextKind(depth: 0) } catch { throw failure(error) }
    }

    /// Consumes a value of any kind.
    mutating func skip() throws(Failure) {
        do { try scanner.skipValue(depth: 1) } catch { throw failure(error) }
    }

    /// Calls `member` for each member of the object that comes next, its value next to read; false, reading
    /// `null`, if `null` comes instead. A failure inside `member` gets the member's key in its path.
    @discardableResult
    mutating func object(_ member: (inout CatalogueReader, JSONKey) throws(Failure) -> Void) throws(Failure) -> Bool {
        if try null() { return false }
        guard case .object = try kind() else { throw mismatch("an object") }
        var object: JSONScanner.Container
        do { object = try scanner.openObject() } catch { throw failure(error) }
        while let key = try nextKey(in: &object) {
            memberKey = key
            do throws(Failure) {
                try member(&self, key)
            } catch {
                var failure = error
                failure.reversedPath.append(.key(key.string))
                throw failure
            }
        }
        return true
    }

    /// Calls `element` for each element of the array that comes next, with its 0-based index; reads `null` as an
    /// empty array. A failure inside `element` gets the index in its path.
    mutating func array(_ element: (inout CatalogueReader, Int) throws(Failure) -> Void) throws(Failure) {
        if try null() { return }
        guard case .array = try kind() else { throw mismatch("an array") }
        var array: JSONScanner.Container
        do { array = try scanner.openArray() } catch { throw failure(error) }
        var index = 0
        while try nextElement(in: &array) {
            do throws(Failure) {
                try element(&self, index)
            } catch {
                var failure = error
                failure.reversedPath.append(.index(index))
                throw failure
            }
            index += 1
        }
    }

    private mutating func nextKey(in object: inout JSONScanner.Container) throws(Failure) -> JSONKey? {
        do { return try scanner.nextKeyBytes(in: &object) } catch { throw failure(error) }
    }

    private mutating func nextElement(in array: inout JSONScanner.Container) throws(Failure) -> Bool {
        do { return try scanner.nextElement(in: &array) } catch { throw failure(error) }
    }

    /// The elements of an array of strings; nil elements are left out.
    mutating func strings() throws(Failure) -> [String] {
        var values: [String] = []
        try array { (reader, _) throws(Failure) in
            if let value = try reader.string() { values.append(value) }
        }
        return values
    }

    /// The elements of an array of integers; nil elements are left out.
    mutating func ints() throws(Failure) -> [Int] {
        var values: [Int] = []
        try array { (reader, _) throws(Failure) in
            if let value = try reader.int() { values.append(value) }
        }
        return values
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(Failure) {
        guard scanner.isAtEnd() else {
            throw Failure(message: "unexpected text after the details object", offset: scanner.failure("").offset)
        }
    }
}
