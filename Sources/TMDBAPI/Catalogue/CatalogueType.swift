/// The two kinds of TMDB catalogue: movies and TV series.
public enum CatalogueType: String, Codable, Sendable, Hashable, CaseIterable { case movie, tv }
