/// A JSON array read element by element: an element that cannot be read is recorded and skipped, so one odd item
/// never fails the whole page. Each kept element remembers its position in the original array.
public struct LossyList<Element: Sendable>: Sendable {
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
}
