import Foundation
import HTTPClient
import TMDBAPI

/// What a run of a job would fetch, and roughly how long it would take, without running it.
public struct JobPlan: Sendable {
    /// One request's share of the plan.
    public struct Line: Sendable {
        /// The request.
        public var request: Job.ListRequest
        /// Pages to fetch, when known: always for ranges; for `all`, only once resolved.
        public var pages: Int?
        /// The list's `total_pages` as TMDB reported it, when resolved.
        public var totalPages: Int?

        /// Requests to the API for this list, counting details look-ups (up to 20 per page).
        public var apiRequests: Int? { pages.map { $0 * (request.details ? 1 + TMDB.pageSize : 1) } }
        /// The most requests it could take: `all` is capped at 500 pages.
        public var maximumAPIRequests: Int {
            (pages ?? TMDB.maximumPage) * (request.details ? 1 + TMDB.pageSize : 1)
        }
    }

    /// One catalogue's share of the plan: one details request per selected id of its export.
    public struct CatalogueLine: Sendable {
        public var request: Job.CatalogueRequest
        /// The ids the run would fetch, when known without reading the export: the job's `limit`.
        public var ids: Int?
        /// The ids assumed while unknown: TMDB's export size for the type (or the limit, when lower).
        public var assumedIDs: Int { ids ?? Self.typicalExportSize(request.type) }

        /// What each incremental night adds to the changed and new ids to keep the rest fresh (`refresh`): the
        /// oldest rows' details, an even slice of ⌈ids / maxAgeDays⌉, and the discover pages that carry the votes
        /// of the `top` most popular ids (20 a page; beyond 500 pages, in release-date windows, about a page more
        /// each).
        public var nightlyRefetches: Int {
            let days = request.refresh.maxAgeDays
            return days == 0 ? 0 : (assumedIDs + days - 1) / days * requestsPerID
        }
        /// Requests per id: the details, and for series with episodes one ``TMDB/SeasonBatch`` for up to 20 seasons,
        /// specials included. Nearly every series has fewer (a series without seasons takes none; one of 20 or more
        /// takes one more per 20), so the plan assumes one.
        public var requestsPerID: Int { request.episodes ? 2 : 1 }
        /// The requests of ``assumedIDs``.
        public var assumedRequests: Int { assumedIDs * requestsPerID }
        public var nightlyDiscoverPages: Int {
            DiscoverVotes.pages(covering: min(request.refresh.top, assumedIDs))
        }

        /// About how many ids TMDB's daily export holds (2026): 1.3 million movies, 230 thousand series, 4.5 million
        /// people.
        public static func typicalExportSize(_ type: CatalogueType) -> Int {
            switch type {
            case .movie: 1_300_000
            case .tv: 230_000
            case .person: 4_500_000
            }
        }
    }

    /// The job.
    public var job: Job
    /// One line per catalogue.
    public var catalogueLines: [CatalogueLine]
    /// One line per request.
    public var lines: [Line]
    /// API requests in flight at most.
    public var concurrency: Int
    /// Client-side requests per second, 0 for none.
    public var rateLimit: Double
    /// Whether posters would be downloaded.
    public var posters: Bool
    /// The round trip assumed for the estimate.
    public var assumedRoundTrip: Duration

    /// Setup requests: `/configuration` and one genre list per kind of media.
    public var setupRequests: Int { Self.setupRequests(for: job) }

    /// Setup requests of `job`: `/configuration` and one genre list per kind of media.
    public static func setupRequests(for job: Job) -> Int {
        job.requests.isEmpty ? 0 : 1 + Set(job.requests.map(\.source.mediaType)).count
    }

    /// Plans a job with the given overrides, without any network.
    public init(
        job: Job, concurrency: Int? = nil, rateLimit: Double? = nil, posters: Bool = true,
        assumedRoundTrip: Duration = .milliseconds(250)
    ) {
        self.job = job
        lines = job.requests.map { request in
            switch request.pages {
            case .range(let range): Line(request: request, pages: range.count, totalPages: nil)
            case .all: Line(request: request, pages: nil, totalPages: nil)
            }
        }
        catalogueLines = job.catalogue.map { CatalogueLine(request: $0, ids: $0.limit) }
        self.concurrency = concurrency ?? job.concurrency
        self.rateLimit = rateLimit ?? job.rateLimit
        self.posters = posters && job.posters != nil
        self.assumedRoundTrip = assumedRoundTrip
    }

    /// Fetches page 1 of each `all` request to learn its size.
    /// - Throws: ``ClientError`` when a page cannot be fetched.
    public mutating func resolve(with api: APIClient) async throws(ClientError) {
        for index in lines.indices where lines[index].pages == nil {
            let request = lines[index].request.source.request(page: 1, language: job.language, region: job.region)
            switch await request.send(with: api) {
            case .success(let (page, _)):
                lines[index].pages = lines[index].request.pages.pages(lastServedPage: page.totals.lastServedPage).count
                lines[index].totalPages = page.totals.lastServedPage
            case .failure(let error):
                throw error
            }
        }
    }

    /// Whether every request's size is known.
    public var isResolved: Bool { lines.allSatisfy { $0.pages != nil } && catalogueLines.allSatisfy { $0.ids != nil } }

    /// API requests in all (or at most, while unresolved), setup included; catalogues count their assumed ids, and
    /// the provider lists theirs.
    public var apiRequests: Int {
        setupRequests + lines.reduce(0) { $0 + ($1.apiRequests ?? $1.maximumAPIRequests) }
            + catalogueLines.reduce(0) { $0 + $1.assumedRequests } + watchProviderRequests
    }

    /// Posters to download at most: 20 per page (fewer when some are already present or missing).
    public var maximumPosters: Int {
        posters ? lines.reduce(0) { $0 + ($1.pages ?? TMDB.maximumPage) * TMDB.pageSize } : 0
    }

    /// The estimated wall-clock time: API requests at the lower of the rate limit and concurrency ÷ round trip;
    /// posters run beside them in their own lane, so the longer of the two counts.
    public var estimatedDuration: Duration {
        let roundTrip = max(assumedRoundTrip.seconds, 0.001)
        let windowRate = Double(concurrency) / roundTrip
        let apiRate = rateLimit > 0 ? min(rateLimit, windowRate) : windowRate
        let apiSeconds = Double(apiRequests) / apiRate
        let posterRate = Double(job.posters?.concurrency ?? Job.defaultConcurrency) / roundTrip
        let posterSeconds = Double(maximumPosters) / posterRate
        return .milliseconds(Int((max(apiSeconds, posterSeconds) * 1000).rounded()))
    }
}
