import TMDBAPI

extension Manifest {
    /// One catalogue of the job and what it produced.
    public struct CatalogueSummary: Codable, Sendable, Hashable {
        public var type: CatalogueType
        /// The sub-resources appended to each id's details.
        public var append: [String]
        /// The job's filters: adult items kept, the lowest popularity kept, the most popular ids kept at most.
        public var adult: Bool? = nil
        public var minPopularity: Double? = nil
        public var limit: Int? = nil
        /// The export day as the job asked for it: `latest` or `YYYY-MM-DD`.
        public var exportDateRequested: String
        /// The day of the export file read, `YYYY-MM-DD`.
        public var exportDate: String
        /// Set when `latest` was missing and the day before was read instead: the day that was missing.
        public var exportDateMissing: String?
        /// The export files read (kept in the run's `ids/` folder), by TMDB's names.
        public var exportFiles: [String]
        /// The same files as kept in `ids/`, with their lines, size and SHA-256, checked like the tables by the next
        /// night before it reads them again; nil in a manifest written before they were recorded.
        public var keptExportFiles: [DataFile]? = nil
        /// Lines of the export files.
        public var idsInExport: Int
        /// Adult lines left out (`"adult": false`, the default).
        public var idsDroppedAsAdult: Int
        /// Lines under the job's `minPopularity`.
        public var idsBelowMinPopularity: Int
        /// Lines past the job's `limit` most popular.
        public var idsCutByLimit: Int
        /// Ids that appeared more than once in the export files (read once).
        public var duplicateIDsInExport: Int
        /// Ids left after the job's filters (adult, minPopularity, limit): the details the run planned to fetch.
        public var idsPlanned: Int
        /// Ids whose details were fetched and written by this run (an incremental night's new and changed ids).
        public var idsFetched: Int
        /// Ids that answered 404: removed from TMDB after the export file was made. Not failures.
        public var idsRemoved: Int
        /// Ids whose details failed (named in the run's `failures.ndjson`).
        public var idsFailed: Int
        /// Failed ids the previous snapshot held: their previous rows were kept in every table (`fetched_at` says
        /// how old they are). Nil in manifests written before failed ids were carried.
        public var idsCarried: Int? = nil
        /// Failed ids the previous snapshot did not hold (or whose tables differ): left out of tonight's snapshot.
        public var idsLeftOut: Int? = nil
        /// The details requests tonight sent ids for: what ``idsFailed`` is a share of.
        public var idsAsked: Int? = nil
        /// The catalogue's `maxFailedPercent`: with more of ``idsAsked`` failed, the night is partial.
        public var maxFailedPercent: Double? = nil
        /// What became of the posters of the ids this run wrote, when the catalogue downloads posters.
        public var posters: PosterCounts?
        /// Ids the snapshot has details and rows for (the main table's rows), fetched tonight or carried over.
        public var idsInSnapshot: Int? = nil
        /// The data files written, with their rows, size and SHA-256.
        public var files: [DataFile]
        /// Files under `state/` that the next night's incremental run reads (the collections keyed by movie, the
        /// change-feed ids already applied), with their rows, size and SHA-256.
        public var stateFiles: [DataFile]? = nil
        /// The last day whose change-feed entries this snapshot reflects (`YYYY-MM-DD`, UTC): the day the run took as
        /// today. The next incremental run reads the feeds from this day on.
        public var changesThrough: String? = nil
        /// The days of change feed read short (`YYYY-MM-DD`, oldest first): their answers claimed more pages than
        /// TMDB serves (500), or answered another page than the one asked for. The ids on the pages not read wait for
        /// the rolling refresh (`refresh.maxAgeDays`). Nil when every day was read whole.
        public var changeFeedDaysCut: [String]? = nil
        public var mode: Mode? = nil
        /// Why a full run was made: `--full`, no earlier snapshot, or why the earlier one could not be built on.
        public var fullRunReason: String? = nil
        /// What an incremental run built on and changed; nil for a full run.
        public var incremental: IncrementalSummary? = nil
        /// The delta files under `delta/` (an incremental run's upserts and changed ids), with rows, size, SHA-256.
        public var deltaFiles: [DataFile]? = nil
        /// How current the numbers the change feed does not announce are: popularity, votes, details' age.
        public var freshness: FreshnessSummary? = nil
        /// With `images` appended: the image languages its rows were kept for, the job's `imageLanguages` comma-joined
        /// (`en,null`) or `every`; nil without `images`, or in a manifest written before images were asked for in every
        /// language (TMDB then kept the job's language only).
        public var imageLanguages: String? = nil
        /// What the rows written by this run changed in the values TMDB sent so that they load (NUL, lone surrogates,
        /// impossible dates, out-of-range numbers, repeated rows); nil in a manifest written before it was counted.
        public var valueRepairs: ValueRepairs? = nil

        package init(
            type: CatalogueType,
            append: [String],
            adult: Bool? = nil,
            minPopularity: Double? = nil,
            limit: Int? = nil,
            exportDateRequested: String,
            exportDate: String,
            exportDateMissing: String? = nil,
            exportFiles: [String],
            keptExportFiles: [DataFile]? = nil,
            idsInExport: Int,
            idsDroppedAsAdult: Int,
            idsBelowMinPopularity: Int,
            idsCutByLimit: Int,
            duplicateIDsInExport: Int,
            idsPlanned: Int,
            idsFetched: Int,
            idsRemoved: Int,
            idsFailed: Int,
            posters: PosterCounts? = nil,
            idsInSnapshot: Int? = nil,
            files: [DataFile],
            stateFiles: [DataFile]? = nil,
            changesThrough: String? = nil,
            mode: Mode? = nil,
            fullRunReason: String? = nil,
            incremental: IncrementalSummary? = nil,
            deltaFiles: [DataFile]? = nil,
            freshness: FreshnessSummary? = nil
        ) {
            self.type = type
            self.append = append
            self.adult = adult
            self.minPopularity = minPopularity
            self.limit = limit
            self.exportDateRequested = exportDateRequested
            self.exportDate = exportDate
            self.exportDateMissing = exportDateMissing
            self.exportFiles = exportFiles
            self.keptExportFiles = keptExportFiles
            self.idsInExport = idsInExport
            self.idsDroppedAsAdult = idsDroppedAsAdult
            self.idsBelowMinPopularity = idsBelowMinPopularity
            self.idsCutByLimit = idsCutByLimit
            self.duplicateIDsInExport = duplicateIDsInExport
            self.idsPlanned = idsPlanned
            self.idsFetched = idsFetched
            self.idsRemoved = idsRemoved
            self.idsFailed = idsFailed
            self.posters = posters
            self.idsInSnapshot = idsInSnapshot
            self.files = files
            self.stateFiles = stateFiles
            self.changesThrough = changesThrough
            self.mode = mode
            self.fullRunReason = fullRunReason
            self.incremental = incremental
            self.deltaFiles = deltaFiles
            self.freshness = freshness
        }
    }

    /// How a catalogue run kept `popularity`, `vote_average`, `vote_count` and each row's details current.
    public struct FreshnessSummary: Codable, Sendable, Hashable {
        /// The job's `refresh`: the oldest a row's details may be, in days, and how many of the most popular ids
        /// have their votes read again each night (0: off).
        public var maxAgeDays: Int
        public var top: Int
        /// The day of the ID export every row's `popularity` comes from (`YYYY-MM-DD`).
        public var popularityFromExportOf: String
        /// Carried-over ids re-fetched because their details were the oldest, and how many of them were already
        /// past `maxAgeDays` (nights that did not run).
        public var idsRefetchedAsOldest: Int = 0
        public var idsPastMaxAge: Int = 0
        /// Of the `top` most popular ids, the carried-over ones whose votes were asked for; those discover pages
        /// gave; those the pages did not show, fetched whole instead.
        public var votesWanted: Int = 0
        public var votesFromDiscover: Int = 0
        public var votesFetchedWithDetails: Int = 0
        /// Discover queries read (1, or the release-date windows of a `top` beyond TMDB's 500 pages of one order),
        /// their pages, and the pages that failed after retries (their ids fell back to details).
        public var discoverWindows: Int = 0
        public var discoverPages: Int = 0
        public var discoverPagesFailed: Int = 0
        /// Carried-over rows whose popularity or votes changed tonight (the delta's `<type>_refreshed.csv`).
        public var rowsRefreshed: Int = 0
        /// The oldest `fetched_at` among the rows carried over (UTC); nil for a full run (every row fetched tonight),
        /// when every row was fetched tonight, or when the rolling re-fetch is off (`maxAgeDays` 0).
        public var oldestFetchedAt: String? = nil

        package init(
            maxAgeDays: Int,
            top: Int,
            popularityFromExportOf: String,
            idsRefetchedAsOldest: Int = 0,
            idsPastMaxAge: Int = 0,
            votesWanted: Int = 0,
            votesFromDiscover: Int = 0,
            votesFetchedWithDetails: Int = 0,
            discoverWindows: Int = 0,
            discoverPages: Int = 0,
            discoverPagesFailed: Int = 0,
            rowsRefreshed: Int = 0,
            oldestFetchedAt: String? = nil
        ) {
            self.maxAgeDays = maxAgeDays
            self.top = top
            self.popularityFromExportOf = popularityFromExportOf
            self.idsRefetchedAsOldest = idsRefetchedAsOldest
            self.idsPastMaxAge = idsPastMaxAge
            self.votesWanted = votesWanted
            self.votesFromDiscover = votesFromDiscover
            self.votesFetchedWithDetails = votesFetchedWithDetails
            self.discoverWindows = discoverWindows
            self.discoverPages = discoverPages
            self.discoverPagesFailed = discoverPagesFailed
            self.rowsRefreshed = rowsRefreshed
            self.oldestFetchedAt = oldestFetchedAt
        }
    }

    /// What an incremental night read and did, beside its complete snapshot.
    public struct IncrementalSummary: Codable, Sendable, Hashable {
        /// The run whose snapshot this one was built from (`latest` when the run started).
        public var basedOnRun: String
        /// That snapshot's export day.
        public var previousExportDate: String
        /// The days of change feed read, `YYYY-MM-DD` through `YYYY-MM-DD`.
        public var changesFrom: String
        public var changesThrough: String
        /// Change-feed requests sent.
        public var changeFeedPages: Int
        /// Distinct ids the feeds named in those days (the previous snapshot's last day less what it had applied).
        public var idsInChangeFeed: Int
        /// Ids in tonight's selection and not in the snapshot's: fetched.
        public var idsAdded: Int
        /// Ids in both fetched again: named by the feed, failed last time, or refreshed (the oldest rows, and popular
        /// ids discover did not show: see ``FreshnessSummary``).
        public var idsChanged: Int
        /// Ids in the snapshot's selection and not in tonight's (gone from the export, turned adult, filtered out).
        public var idsGoneFromExport: Int
        /// Ids whose details answered 404 tonight.
        public var idsNowNotFound: Int
        /// Ids in both selections whose rows were carried over from the previous snapshot unchanged.
        public var idsCarriedOver: Int
        /// Details requests planned for the night: every id fetched (new, changed, refreshed), before retries.
        public var detailsRequested: Int
        /// Seconds spent checking the previous snapshot's SHA-256s, and merging it with tonight's rows.
        public var verifySeconds: Double
        public var mergeSeconds: Double
        /// A person catalogue: the people fetched again tonight because their credits on the run's titles moved
        /// (their rows in `movie_cast`, `movie_crew`, `tv_cast` or `tv_crew` differ from the snapshot's); they are
        /// in ``detailsRequested``. Nil for titles.
        public var idsWithMovedCredits: Int?

        package init(
            basedOnRun: String,
            previousExportDate: String,
            changesFrom: String,
            changesThrough: String,
            changeFeedPages: Int,
            idsInChangeFeed: Int,
            idsAdded: Int,
            idsChanged: Int,
            idsGoneFromExport: Int,
            idsNowNotFound: Int,
            idsCarriedOver: Int,
            detailsRequested: Int,
            verifySeconds: Double,
            mergeSeconds: Double
        ) {
            self.basedOnRun = basedOnRun
            self.previousExportDate = previousExportDate
            self.changesFrom = changesFrom
            self.changesThrough = changesThrough
            self.changeFeedPages = changeFeedPages
            self.idsInChangeFeed = idsInChangeFeed
            self.idsAdded = idsAdded
            self.idsChanged = idsChanged
            self.idsGoneFromExport = idsGoneFromExport
            self.idsNowNotFound = idsNowNotFound
            self.idsCarriedOver = idsCarriedOver
            self.detailsRequested = detailsRequested
            self.verifySeconds = verifySeconds
            self.mergeSeconds = mergeSeconds
        }
    }
}

extension Manifest.CatalogueSummary {
    /// How a catalogue's snapshot was made.
    public enum Mode: String, Codable, Sendable, Hashable {
        /// Every id fetched.
        case full
        /// On top of the previous snapshot: what was new or changed fetched, the rest carried over.
        case incremental
    }

    /// ``append`` as the resources it names, those this build does not know left out.
    package var appendedResources: [AppendedResource] { append.compactMap(AppendedResource.init(rawValue:)) }
}
