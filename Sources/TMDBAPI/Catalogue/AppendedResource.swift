/// A sub-resource that `append_to_response` adds to a details answer, under a key of its own name.
public enum AppendedResource: String, Sendable, Hashable, CaseIterable {
    /// A movie's cast and crew.
    case credits
    /// A series' cast and crew over all its seasons, one entry per person with their roles or jobs.
    case aggregateCredits = "aggregate_credits"
    /// Keywords: `{"keywords": […]}` for a movie, `{"results": […]}` for a series.
    case keywords
    /// IMDb, Wikidata, social media (and for series TVDB, Freebase, TVRage) ids.
    case externalIDs = "external_ids"
    /// A movie's release dates and certifications by country.
    case releaseDates = "release_dates"
    /// A series' content ratings by country.
    case contentRatings = "content_ratings"
    /// A person's movie and series credits in one answer, each entry saying its `media_type`.
    case combinedCredits = "combined_credits"
    /// Titles in other countries: `{"titles": […]}` for a movie, `{"results": […]}` for a series.
    case alternativeTitles = "alternative_titles"
    /// The title, overview, tagline and homepage in each language TMDB has them in, under `translations[].data`.
    case translations
    /// Trailers, teasers, clips and featurettes, with their site's key.
    case videos
    /// Posters, backdrops and logos; filtered to the request's language unless `include_image_language` says more.
    case images
    /// The first page of titles TMDB recommends to the title's viewers.
    case recommendations
    /// The first page of titles TMDB finds similar by genres and keywords.
    case similar
    /// Where the title streams, rents or sells, by country: `{"results": {"US": {"link": …, "flatrate": […]}}}`.
    case watchProviders = "watch/providers"
    /// Not a name TMDB takes: a series' seasons with their episodes, which `{"episodes": true}` in a job asks for. They
    /// come as `season/0`, `season/1`, … appended in requests of their own after the details (``TMDB/SeasonBatch``),
    /// because the season numbers are only known from the details; the manifest lists it among the appended
    /// resources, since the episode tables come from it.
    case episodes

    /// Whether the name goes into the details request's `append_to_response` (all but ``episodes``).
    public var isAppendedToDetails: Bool { self != .episodes }

    /// The resources TMDB appends to details of `type`, in the order the exporter asks for them.
    public static func supported(by type: CatalogueType) -> [AppendedResource] {
        switch type {
        case .movie:
            [
                .credits, .keywords, .externalIDs, .releaseDates, .alternativeTitles, .translations, .videos, .images,
                .recommendations, .similar, .watchProviders,
            ]
        case .tv:
            [
                .aggregateCredits, .keywords, .externalIDs, .contentRatings, .alternativeTitles, .translations, .videos,
                .images, .recommendations, .similar, .watchProviders, .episodes,
            ]
        case .person: [.combinedCredits, .externalIDs]
        }
    }
}
