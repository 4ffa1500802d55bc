/// The sub-resources `append_to_response` may name on movie details, in TMDB's spelling.
public enum MovieAppendix: String, Sendable, CaseIterable {
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
public enum SeriesAppendix: String, Sendable, CaseIterable {
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
public enum PersonAppendix: String, Sendable, CaseIterable {
    case combinedCredits = "combined_credits"
    case externalIds = "external_ids"
}
