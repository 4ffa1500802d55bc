import Foundation

/// Which images an `images` appendix keeps, as TMDB decides from the request: with `include_image_language`, the
/// languages it lists (`null` for images without one) and the `language` parameter's; else, with `language`, only
/// that language's (its ISO 639-1 part: `en-US` keeps `en`); with neither, every image.
enum ImageLanguageFilter: Equatable {
    case all
    /// The kept `iso_639_1` values; nil stands for `null`.
    case only(Set<String?>)

    init(language: String?, includeImageLanguage: String?) {
        let requested = language.flatMap { $0.split(separator: "-").first.map(String.init) }
        guard let includeImageLanguage else {
            self = requested.map { .only([$0]) } ?? .all
            return
        }
        var kept: Set<String?> = requested.map { [$0] } ?? []
        for part in includeImageLanguage.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            kept.insert(name == "null" ? nil : name)
        }
        self = .only(kept)
    }

    func keeps(_ language: String?) -> Bool {
        switch self {
        case .all: true
        case .only(let kept): kept.contains(language)
        }
    }
}
