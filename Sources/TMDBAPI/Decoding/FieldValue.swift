import JSON

/// The value of one field of a list item (or of its page) and the reads that turn it into what the models hold.
///
/// A read that fails says why in the words `rejected.ndjson` has always used, which are `JSONDecoder`'s: `expected Int`
/// (a value of another kind), `expected String, found null` (null for a required field), `cannot be read as Double`
/// (a number no `Double` holds, a string with a bad escape).
public struct FieldValue {
    /// Why a value could not be read.
    public struct Failure: Error {
        enum Problem {
            /// `null` where a value is required.
            case null
            /// A value of another kind: a string for a number, an object for an array.
            case mismatch
            /// A value of the right kind that cannot be read: a number out of range or not whole, a bad escape.
            case unreadable
        }

        var problem: Problem
        /// The type asked for, as Swift names it: `Int`, `Array<Int>`.
        var type: String
        /// Where in the value it failed: `[1]` for an array's second element, empty for the value itself.
        var path = ""

        /// The reason in a rejection, e.g. `expected Int, found null`.
        var reason: String {
            switch problem {
            case .null: "expected \(type), found null"
            case .mismatch: "expected \(type)"
            case .unreadable: "cannot be read as \(type)"
            }
        }
    }

    var scanner: JSONScanner
    /// The value's own bytes, when it is read on its own from a damaged page's outline: then nothing may follow it,
    /// and an array's elements are found by ``JSONOutline``, so that what is never read stays unchecked. nil while a
    /// page streams past.
    private let outlined: UnsafeRawBufferPointer?

    /// The value that comes next in `scanner`.
    init(streaming scanner: JSONScanner) {
        self.scanner = scanner
        outlined = nil
    }

    /// A value alone: exactly `bytes`, which ``JSONOutline`` found.
    init(outlined bytes: UnsafeRawBufferPointer) {
        scanner = JSONScanner(bytes)
        outlined = bytes
    }

    /// A whole number, written as an integer or as a number with a fraction or exponent that is whole (`7.0`, `7e0`).
    mutating func int() throws(Failure) -> Int {
        try expect(.number, "Int", required: true)
        return try wholeNumber()
    }

    /// A whole number, or nil for `null`.
    mutating func optionalInt() throws(Failure) -> Int? {
        guard try expect(.number, "Int", required: false) else { return nil }
        return try wholeNumber()
    }

    /// Any number a `Double` holds faithfully, or nil for `null`.
    mutating func optionalDouble() throws(Failure) -> Double? {
        guard try expect(.number, "Double", required: false) else { return nil }
        guard let value = try? scanner.double() else { throw Failure(problem: .unreadable, type: "Double") }
        try end("Double")
        return value
    }

    mutating func string() throws(Failure) -> String {
        try expect(.string, "String", required: true)
        return try stringValue()
    }

    /// A string, or nil for `null`.
    mutating func optionalString() throws(Failure) -> String? {
        guard try expect(.string, "String", required: false) else { return nil }
        return try stringValue()
    }

    /// `true` or `false`, or nil for `null`.
    mutating func optionalBool() throws(Failure) -> Bool? {
        guard try expect(.boolean, "Bool", required: false) else { return nil }
        guard let value = try? scanner.bool() else { throw Failure(problem: .unreadable, type: "Bool") }
        try end("Bool")
        return value
    }

    /// An array of whole numbers, empty for `null`.
    mutating func ints() throws(Failure) -> [Int] {
        try array("Int") { (element) throws(Failure) in try element.int() }
    }

    /// An array of strings, empty for `null`.
    mutating func strings() throws(Failure) -> [String] {
        try array("String") { (element) throws(Failure) in try element.string() }
    }

    /// Whether a value of `kind` comes next: false, reading it, for `null` when the value is not `required`.
    @discardableResult
    private mutating func expect(
        _ kind: JSONScanner.Kind, _ type: String, required: Bool
    ) throws(Failure) -> Bool {
        guard let next = try? scanner.nextKind(depth: 0) else { throw Failure(problem: .unreadable, type: type) }
        if next == .null, !required {
            _ = try? scanner.null()
            try end(type)
            return false
        }
        guard next == kind else { throw Failure(problem: next == .null ? .null : .mismatch, type: type) }
        return true
    }

    private mutating func wholeNumber() throws(Failure) -> Int {
        guard let value = (try? scanner.number())?.whole else { throw Failure(problem: .unreadable, type: "Int") }
        try end("Int")
        return value
    }

    private mutating func stringValue() throws(Failure) -> String {
        guard let value = try? scanner.string() else { throw Failure(problem: .unreadable, type: "String") }
        try end("String")
        return value
    }

    /// Fails if something follows a value read on its own (`1.5.5` is a number only up to its second dot).
    private mutating func end(_ type: String) throws(Failure) {
        if outlined != nil, !scanner.isAtEnd() { throw Failure(problem: .unreadable, type: type) }
    }

    /// The elements of an array, each read by `read`. An element that is null or of another kind names its index;
    /// one that cannot be read makes the array unreadable as a whole, as `JSONDecoder` reported it.
    private mutating func array<Element>(
        _ elementType: String, _ read: (inout FieldValue) throws(Failure) -> Element
    ) throws(Failure) -> [Element] {
        guard try expect(.array, "Array<Any>", required: false) else { return [] }
        var elements: [Element] = []
        var index = 0
        func failure(_ failure: Failure) -> Failure {
            guard failure.problem != .unreadable else {
                return Failure(problem: .unreadable, type: "Array<\(elementType)>")
            }
            return Failure(problem: failure.problem, type: failure.type, path: "[\(index)]" + failure.path)
        }
        if let outlined {
            guard let ranges = JSONOutline(outlined).elements(ofArrayAt: 0) else {
                throw Failure(problem: .unreadable, type: "Array<\(elementType)>")
            }
            for range in ranges {
                var element = FieldValue(outlined: UnsafeRawBufferPointer(rebasing: outlined[range]))
                do { elements.append(try read(&element)) } catch { throw failure(error) }
                index += 1
            }
            return elements
        }
        guard var array = try? scanner.openArray() else {
            throw Failure(problem: .unreadable, type: "Array<\(elementType)>")
        }
        while true {
            guard let more = try? scanner.nextElement(in: &array) else {
                throw Failure(problem: .unreadable, type: "Array<\(elementType)>")
            }
            guard more else { return elements }
            do { elements.append(try read(&self)) } catch { throw failure(error) }
            index += 1
        }
    }
}

extension JSONScanner.Number {
    /// The number as a whole `Int`: an integer, or a decimal that is whole and below 2^53, where a `Double` still
    /// holds every whole number (beyond, `JSONDecoder` read the digits again as a `Decimal`, which this does not).
    var whole: Int? {
        switch self {
        case .integer(let value): value
        case .largeInteger: nil
        case .decimal(let value): value.magnitude < 0x1p53 ? Int(exactly: value) : nil
        }
    }
}
