/// The two kinds of TMDB catalogue: movies and TV series.
public enum CatalogueType: String, Sendable, Hashable, CaseIterable { case movie, tv }
