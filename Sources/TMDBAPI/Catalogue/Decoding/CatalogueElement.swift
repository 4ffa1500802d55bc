import JSON

/// A value read from one object of a details answer (`null` giving the empty value), so that an array of them reads
/// as ``CatalogueReader/elements(_:)``.
protocol CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure)
}

extension CatalogueReader {
    /// The array that comes next, each element read as `Element`; `null` reads as none.
    mutating func elements<Element: CatalogueElement>(
        _: Element.Type = Element.self
    ) throws(Failure) -> [Element] {
        var elements: [Element] = []
        try array { (reader, _) throws(Failure) in
            elements.append(try Element(reading: &reader))
        }
        return elements
    }

    /// The elements of the arrays under `keys` in the object that comes next (an appended `keywords`, `videos`, …),
    /// in the order the answer gives them; other keys are skipped, `null` reads as none.
    mutating func elements<Element: CatalogueElement>(
        under keys: StaticString...
    ) throws(Failure) -> [Element] {
        var elements: [Element] = []
        try object { (reader, key) throws(Failure) in
            guard keys.contains(where: { $0 ~= key }) else { return try reader.skip() }
            elements += try reader.elements(Element.self)
        }
        return elements
    }

    /// An appended credits object (`credits`, `aggregate_credits`, `combined_credits`): its `cast` and `crew` after
    /// those already read.
    mutating func credits<Cast: CatalogueElement, Crew: CatalogueElement>(
        cast: inout [Cast], crew: inout [Crew]
    ) throws(Failure) {
        try object { (reader, key) throws(Failure) in
            switch key {
            case "cast": cast += try reader.elements()
            case "crew": crew += try reader.elements()
            default: try reader.skip()
            }
        }
    }
}
