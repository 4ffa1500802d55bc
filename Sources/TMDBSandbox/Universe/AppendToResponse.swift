/// The sub-resources `append_to_response` may name on movie details, in TMDB's spelling.
enum MovieAppendix: String, Sendable, CaseIterable {
    case credits
    case keywords
    case externalIds = "external_ids"
    case releaseDates = "release_dates"
    case alternativeTitles = "alternative_titles"
    case translations
    case videos
    case images
    case recommendations
    case similar
    case watchProviders = "watch/providers"
}

/// The sub-resources `append_to_response` may name on series details, in TMDB's spelling.
enum SeriesAppendix: String, Sendable, CaseIterable {
    case aggregateCredits = "aggregate_credits"
    case keywords
    case externalIds = "external_ids"
    case contentRatings = "content_ratings"
    case alternativeTitles = "alternative_titles"
    case translations
    case videos
    case images
    case recommendations
    case similar
    case watchProviders = "watch/providers"
}

/// Parses `append_to_response`: comma-separated names, in the order given, repeats dropped; unknown names are
/// ignored, as TMDB ignores them.
enum AppendToResponse {
    /// TMDB's limit: more items than this, and it answers 400 with status code 27 ("Too many append to response
    /// objects: The maximum number of remote calls is 20.", TMDB's documented errors).
    static let maximumItems = 20

    /// How many items `value` names: every non-empty comma-separated part, repeats and unknown names included. TMDB
    /// does not document how it counts; counting every part (the sandbox's assumption) is the strictest reading, so
    /// an exporter that sends 21 items of any kind is caught.
    static func itemCount(_ value: String?) -> Int {
        guard let value else { return 0 }
        return value.split(separator: ",").filter { !$0.trimmingCharacters(in: " ").isEmpty }.count
    }

    /// Whether `value` names more than ``maximumItems`` items.
    static func exceedsLimit(_ value: String?) -> Bool {
        itemCount(value) > maximumItems
    }

    /// The season numbers of the `season/N` items of `value` (series details), in the order given, repeats dropped;
    /// `N` is digits only.
    static func seasonNumbers(_ value: String?) -> [Int] {
        guard let value else { return [] }
        var found: [Int] = []
        for part in value.split(separator: ",") {
            let name = part.trimmingCharacters(in: " ")
            guard name.hasPrefix("season/") else { continue }
            let digits = name.dropFirst("season/".count)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), digits.count < 6,
                let number = Int(digits), !found.contains(number)
            else { continue }
            found.append(number)
        }
        return found
    }

    static func parse<Appendix: RawRepresentable<String>>(_ value: String?, as type: Appendix.Type) -> [Appendix] {
        guard let value else { return [] }
        var names: [String] = []
        var found: [Appendix] = []
        for part in value.split(separator: ",") {
            let name = part.trimmingCharacters(in: " ")
            guard !names.contains(name), let appendix = Appendix(rawValue: name) else { continue }
            names.append(name)
            found.append(appendix)
        }
        return found
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

/// The sub-resources `append_to_response` may name on person details, in TMDB's spelling.
package enum PersonAppendix: String, Sendable, CaseIterable {
    case combinedCredits = "combined_credits"
    case externalIds = "external_ids"
}
