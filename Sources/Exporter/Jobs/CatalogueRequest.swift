import TMDBAPI

extension Job {
    /// One catalogue of the job (`"catalogue": [{"type": "movie", …}]`): every id of TMDB's daily ID export for
    /// the type, filtered, then `/movie/{id}` or `/tv/{id}` with the appended sub-resources, into normalized tables.
    public struct CatalogueRequest: Sendable, Hashable {
        /// Movies or TV series.
        public var type: CatalogueType
        /// The sub-resources fetched with each id's details (`append_to_response`), in the job's order.
        public var append: [AppendedResource]
        /// Which day's ID export to read.
        public var exportDate: IDExportDate
        /// Whether adult items (TMDB's separate `adult_…` export files) are included.
        public var adult: Bool
        /// Only ids whose popularity in the export line is at least this.
        public var minPopularity: Double?
        /// Only the N most popular ids of the export (ties: the lower id), for a quick sample.
        public var limit: Int?
        /// Whether each id's poster is downloaded into the job's shared poster folder (the job's `posters` size).
        public var posters: Bool
        /// How the votes and the details of carried-over rows are kept fresh on incremental nights.
        public var refresh: RefreshSettings
        /// The largest share of the snapshot's ids (in percent) a night may drop before it stops instead of publishing
        /// (``DropGuard``); `--accept-drop` lets one night through.
        public var maxDropPercent: Double
        /// The largest share of tonight's details requests (in percent) whose ids may fail on a night that is still
        /// published: a failed id keeps its previous rows (or, new, is left out) and is asked for again the next
        /// night. Over it the night is partial. It changes no row, so changing it does not force a full run.
        public var maxFailedPercent: Double = defaultMaxFailedPercent
        /// Whether each series' seasons are fetched for the episode tables (`"episodes": true` in the job).
        public var episodes: Bool { append.contains(.episodes) }
        /// Movies and series: the image languages the `images` append keeps (ISO 639-1 codes, `null` for images
        /// without text); nil for every language (``ImageLanguages/every``).
        public var imageLanguages: [String]? = nil

        /// 5 %: TMDB's exports lose a few hundred ids a night (removed, turned adult), not thousands.
        public static let defaultMaxDropPercent = 5.0
        /// 1 %: an id that fails every night (always a 500, always too large) is a handful of ids; an outage of the
        /// details route or a revoked token fails nearly all of them.
        public static let defaultMaxFailedPercent = 1.0

        /// Creates a catalogue request.
        public init(
            type: CatalogueType, append: [AppendedResource] = [], exportDate: IDExportDate = .latest,
            adult: Bool = false, minPopularity: Double? = nil, limit: Int? = nil, posters: Bool = false,
            refresh: RefreshSettings = RefreshSettings(), maxDropPercent: Double = defaultMaxDropPercent
        ) {
            self.type = type
            self.append = append
            self.exportDate = exportDate
            self.adult = adult
            self.minPopularity = minPopularity
            self.limit = limit
            self.posters = posters
            self.refresh = refresh
            self.maxDropPercent = min(100, max(0, maxDropPercent))
        }

        /// What the details requests send as `include_image_language`: the job's languages, or every one.
        public var includeImageLanguage: [String] { imageLanguages ?? ImageLanguages.every }

        /// What the manifest records of the image languages (``Manifest/CatalogueSummary/imageLanguages``).
        var recordedImageLanguages: String? {
            guard append.contains(.images) else { return nil }
            return imageLanguages?.joined(separator: ",") ?? "every"
        }
    }
}
