/// The kinds of TMDB catalogue: movies, TV series and people, each with a daily ID export, a details answer per id
/// and a change feed.
public enum CatalogueType: String, Codable, Sendable, Hashable, CaseIterable { case movie, tv, person }
