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
    public struct Skipped: Sendable, Hashable {
        /// The position in the array as sent.
        public var position: Int
        /// Why it did not decode, with the field path.
        public var reason: String
    }

    /// The elements that decoded, in array order.
    public var items: [Item]
    /// The elements that did not.
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
            } catch {
                skipped.append(Skipped(position: position, reason: DecodingErrorDescription.describe(error)))
                // A failed decode does not advance the container; consume the element as anything.
                _ = try? container.decode(Discarded.self)
            }
            position += 1
        }
        self.items = items
        self.skipped = skipped
    }
}

/// Decodes and ignores any JSON value.
private struct Discarded: Decodable {
    init(from decoder: any Decoder) throws {}
}
