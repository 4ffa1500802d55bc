import HTTPClient

/// A JSON array decoded element by element: an element that fails to decode is recorded and skipped, so one
/// odd item never fails the whole page. Each kept element remembers its position in the original array.
public struct LossyList<Element: Decodable & Sendable>: Decodable, Sendable {
    /// A decoded element and its 0-based position in the array as sent.
    public struct Item: Sendable {
        /// The position in the array as sent, counting skipped elements.
        public var position: Int
        /// The decoded element.
        public var value: Element
    }

    /// An element that did not decode.
    public typealias Skipped = RejectedItem

    /// The elements that decoded, in array order.
    public var items: [Item]
    /// The elements that did not, in array order, each with its field and reason.
    public var skipped: [Skipped]

    /// Creates a list directly (tests, fixtures).
    public init(_ elements: [Element]) {
        items = elements.enumerated().map { Item(position: $0.offset, value: $0.element) }
        skipped = []
    }

    /// Decodes each element independently.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [Item] = []
        var skipped: [Skipped] = []
        items.reserveCapacity(container.count ?? 20)
        var position = 0
        while !container.isAtEnd {
            do {
                items.append(Item(position: position, value: try container.decode(Element.self)))
            } catch let error as DecodingError {
                skipped.append(Skipped(position: position, error, elementDepth: decoder.codingPath.count + 1))
                // A failed decode does not advance the container; consume the element as anything.
                _ = try? container.decode(Discarded.self)
            } catch {
                // JSONDecoder's own errors (a number that no Swift type of the field can hold) carry no coding path:
                // decoding the element again through a decoder that notes the keys asked for names the field.
                let probe = try? container.decode(KeyProbe<Element>.self)
                if probe == nil { _ = try? container.decode(Discarded.self) }
                skipped.append(
                    Skipped(
                        position: position, field: probe?.key,
                        reason: probe?.type.map { "cannot be read as \($0)" } ?? "\(error)"))
            }
            position += 1
        }
        self.items = items
        self.skipped = skipped
    }
}

extension RejectedItem {
    /// The rejection `error` describes, its field relative to the element, which sits `elementDepth` keys deep.
    init(position: Int, _ error: DecodingError, elementDepth: Int) {
        var path: [any CodingKey] = []
        var reason: String
        switch error {
        case .typeMismatch(let type, let context):
            path = context.codingPath
            reason = "expected \(type)"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            reason = "expected \(type), found null"
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            reason = "missing"
        case .dataCorrupted(let context):
            path = context.codingPath
            reason = context.debugDescription
        @unknown default:
            reason = "\(error)"
        }
        let relative = Array(path.dropFirst(elementDepth))
        guard !relative.isEmpty else {
            // The element itself is wrong: a number, a string, null or an array where an object belongs.
            switch error {
            case .typeMismatch, .valueNotFound: reason = "not an object"
            default: break
            }
            self.init(position: position, field: nil, reason: reason)
            return
        }
        self.init(position: position, field: DecodingErrorDescription.path(relative), reason: reason)
    }
}

/// Decodes and ignores any JSON value.
private struct Discarded: Decodable {
    init(from decoder: any Decoder) throws {}
}
