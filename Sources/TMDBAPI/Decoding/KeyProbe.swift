/// Decodes an `Element` through a decoder that notes each key its keyed containers are asked for, and keeps the
/// last key and type asked for when decoding failed: the field `JSONDecoder` was reading when it threw one of its
/// own errors, which carry no coding path. Never throws, so decoding it consumes the element.
struct KeyProbe<Element: Decodable>: Decodable {
    /// The key asked for last, as a string.
    var key: String?
    /// The type it was asked for as, e.g. `Int`.
    var type: String?

    init(from decoder: any Decoder) {
        let log = KeyLog()
        do {
            _ = try Element(from: KeyRecordingDecoder(inner: decoder, log: log))
        } catch {
            key = log.key
            type = log.type
        }
    }
}

/// What a ``KeyRecordingDecoder`` saw last; a class, because containers are copied.
private final class KeyLog {
    var key: String?
    var type: String?

    func note(_ key: some CodingKey, _ type: Any.Type?) {
        self.key = key.stringValue
        self.type = type.map { "\($0)" }
    }
}

private struct KeyRecordingDecoder: Decoder {
    let inner: any Decoder
    let log: KeyLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyRecordingContainer(inner: try inner.container(keyedBy: type), log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try inner.unkeyedContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try inner.singleValueContainer() }
}

private struct KeyRecordingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inner: KeyedDecodingContainer<Key>
    let log: KeyLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var allKeys: [Key] { inner.allKeys }
    func contains(_ key: Key) -> Bool { inner.contains(key) }

    func decodeNil(forKey key: Key) throws -> Bool {
        log.note(key, nil)
        return try inner.decodeNil(forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        log.note(key, type)
        return try inner.decode(type, forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    private func noted<T>(_ key: Key, _ read: (Key) throws -> T) throws -> T {
        log.note(key, T.self)
        return try read(key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        log.note(key, nil)
        return try inner.nestedContainer(keyedBy: type, forKey: key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        log.note(key, nil)
        return try inner.nestedUnkeyedContainer(forKey: key)
    }

    func superDecoder() throws -> any Decoder { try inner.superDecoder() }
    func superDecoder(forKey key: Key) throws -> any Decoder { try inner.superDecoder(forKey: key) }
}
