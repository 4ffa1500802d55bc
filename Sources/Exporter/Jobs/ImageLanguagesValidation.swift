import HTTPClient
import TMDBAPI

extension JobValidator {
    /// `"imageLanguages": ["en", "null"]`: the image languages a movie or series catalogue's `images` keeps, each a
    /// two-letter lowercase ISO 639-1 code or `null` (images without text), at least one, none twice. Absent: every
    /// language (nil). Only with `images` appended: it filters nothing else.
    mutating func validateImageLanguages(
        _ value: JSONValue?, type: CatalogueType, append: [AppendedResource]?, prefix: String, line: Int?
    ) -> [String]?? {
        guard let value else { return .some(nil) }
        let field = prefix + ".imageLanguages"
        let expected =
            "expected a non-empty array of two-letter lowercase ISO 639-1 codes or \"null\", e.g. [\"en\", \"null\"]"
        if type == .person {
            report(
                field, "people have no images appended (expected no \"imageLanguages\" in a person catalogue)",
                line: line)
            return nil
        }
        if let append, !append.contains(.images) {
            report(
                field,
                "filters the images append, which this catalogue does not ask for (expected \"images\" in append)",
                line: line)
            return nil
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            let found = if case .array = value { "an empty array" } else { value.typeName }
            report(field, "\(expected), found \(found)", line: line)
            return nil
        }
        var languages: [String] = []
        for (index, element) in elements.enumerated() {
            let item = "\(field)[\(index)]"
            guard case .string(let code) = element else {
                report(item, "\(expected), found \(element.typeName)", line: line)
                return nil
            }
            let isCode =
                code.utf8.count == 2 && code.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
            guard isCode || code == ImageLanguages.noLanguage else {
                report(item, "\(SafeText.quoted(code)) is not a language (\(expected))", line: line)
                return nil
            }
            guard !languages.contains(code) else {
                report(item, "\(SafeText.quoted(code)) is listed twice (expected each language once)", line: line)
                return nil
            }
            languages.append(code)
        }
        return .some(languages)
    }
}
