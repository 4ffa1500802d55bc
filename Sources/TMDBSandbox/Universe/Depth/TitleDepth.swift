/// What the depth sub-resources of one title (`alternative_titles`, `translations`, `videos`, `images`,
/// `recommendations`, `similar`, `watch/providers`) are drawn from: the title's id and edit version, the day, and
/// what the request asked of the images.
///
/// All but the watch providers are functions of (id, version): they change on a day exactly when the title's details
/// do, which is when the change feed lists it. The watch providers drift with the day, without a feed entry, as on
/// TMDB.
struct TitleDepth {
    let type: CatalogueMediaType
    let id: Int
    /// The title's edit version (0 for a list title or a generated one never edited).
    let version: Int
    /// What the request and the day add.
    var request = DepthRequest()
    /// The title's text as its details serve it, echoed by its translation into its own language.
    var title = ""
    var overview = ""
    var tagline = ""
    var homepage = ""
    /// Movies only: the runtime the details serve (nil: unknown).
    var runtime: Int?
    /// `YYYY-MM-DD` or empty: videos are published around it.
    var date = ""
    var originalLanguage = "en"
    var step: Int { request.step }
    var images: ImageLanguageFilter { request.images }
    var relatedCount: Int { type == .movie ? request.relatedMovies : request.relatedShows }
    var catalogue: SandboxCatalogue { request.catalogue }

    /// A generator for one sub-resource's base data, from the id alone.
    func base(_ purpose: UInt64) -> SplitMix64 {
        SplitMix64(seed: purpose ^ (type == .movie ? 0x4D4F_5649_45 : 0x5345_5249_4553), stream: UInt64(id))
    }

    /// A generator for what the current version edits in one sub-resource; version 0 edits nothing, so callers
    /// draw from it only when `version > 0`.
    func edit(_ purpose: UInt64) -> SplitMix64 {
        base(purpose ^ (UInt64(version) &* 0x9E37_79B9_7F4A_7C15))
    }
}

/// What the depth sub-resources take from the request and the day rather than from the title.
struct DepthRequest {
    /// Days after the evolution epoch; 0 when the universe does not evolve.
    var step = 0
    /// Which images the request keeps (`language`, `include_image_language`).
    var images = ImageLanguageFilter.all
    /// The list titles the related pages may name: the first `relatedMovies` movies (`relatedShows` shows) of
    /// `catalogue`, which are in every day's exports and never removed.
    var relatedMovies = 0
    var relatedShows = 0
    var catalogue: SandboxCatalogue = .shared

    /// The request's image filter, the day, and the list titles of `universe`.
    init(
        _ target: RequestTarget? = nil, step: Int = 0, universe: SandboxCatalogueUniverse? = nil,
        catalogue: SandboxCatalogue = .shared
    ) {
        self.step = step
        self.catalogue = catalogue
        if let target {
            images = ImageLanguageFilter(
                language: target.queryValue("language"),
                includeImageLanguage: target.queryValue("include_image_language"))
        }
        if let universe {
            relatedMovies = min(universe.movies.listCount, universe.movies.size, catalogue.movies.count)
            relatedShows = min(universe.series.listCount, universe.series.size, catalogue.tv.shows.count)
        }
    }
}
