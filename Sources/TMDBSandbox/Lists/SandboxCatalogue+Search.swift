import Foundation

extension SandboxCatalogue {
    /// Indices into ``movies`` whose title or original title contains `query`, ignoring case and diacritics, by
    /// popularity then id: what `/3/search/movie?query=…` serves. Empty for an empty or all-whitespace query.
    /// - Parameter includeAdult: `include_adult`; adult movies are left out unless true, as on TMDB.
    func searchMovies(_ query: String, includeAdult: Bool = false) -> [Int] {
        guard let needle = Self.searchNeedle(query) else { return [] }
        return list(.popular).filter { index in
            let texts = movieSearchTexts[index]
            return (includeAdult || !movies[index].adult)
                && (texts.title.contains(needle) || texts.originalTitle.contains(needle))
        }
    }

    /// Indices into ``shows`` whose name or original name contains `query`, ignoring case and diacritics, by
    /// popularity then id: what `/3/search/tv?query=…` serves. Empty for an empty or all-whitespace query.
    /// - Parameter includeAdult: `include_adult`; adult shows are left out unless true, as on TMDB.
    func searchShows(_ query: String, includeAdult: Bool = false) -> [Int] {
        guard let needle = Self.searchNeedle(query) else { return [] }
        return tvList(.popular).filter { index in
            let texts = showSearchTexts[index]
            return (includeAdult || !tv.shows[index].adult)
                && (texts.name.contains(needle) || texts.originalName.contains(needle))
        }
    }

    /// The folded query without surrounding whitespace, or nil when nothing is left.
    private static func searchNeedle(_ query: String) -> SearchText? {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : SearchText(trimmed)
    }
}
