import JSON

/// A value read from one object of a details answer (`null` giving the empty value), so that an array of them reads
/// as ``CatalogueReader/elements(appendingTo:)``.
protocol CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure)
}

extension CatalogueReader {
    /// The array that comes next, each element read as `Element` and appended to `elements` in place (a key
    /// repeated in the answer adds to what was read before); `null` reads as none. Appending a returned array
    /// instead would copy every element once more, a retain and a release for each of its strings.
    mutating func elements<Element: CatalogueElement>(appendingTo elements: inout [Element]) throws(Failure) {
        try array { (reader, _) throws(Failure) in
            elements.append(try Element(reading: &reader))
        }
    }

    /// The elements of the arrays under `keys` in the object that comes next (an appended `keywords`, `videos`, …),
    /// in the order the answer gives them; other keys are skipped, `null` reads as none.
    mutating func elements<Element: CatalogueElement>(under keys: StaticString...) throws(Failure) -> [Element] {
        var elements: [Element] = []
        try object { (reader, key) throws(Failure) in
            guard keys.contains(where: { $0 ~= key }) else { return try reader.skip() }
            try reader.elements(appendingTo: &elements)
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
            case "cast": try reader.elements(appendingTo: &cast)
            case "crew": try reader.elements(appendingTo: &crew)
            default: try reader.skip()
            }
        }
    }
}
