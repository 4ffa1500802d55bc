import TMDBAPI

/// The ids a catalogue run fetches, chosen from the downloaded ID export files as they stream by: sorted ascending,
/// each once (TMDB's ids fit in 32 bits) with its popularity, in memory that follows the distinct ids, not the lines,
/// with a count of every line left out and why.
public struct IDSelection: Sendable, Hashable {
    /// What a job asks to keep.
    public struct Filters: Sendable, Hashable {
        /// Whether adult items are kept; when false, a line with `"adult":true` is dropped even in the catalogue's
        /// own file.
        public var adult: Bool
        /// Lines whose `popularity` is lower (or missing) are dropped.
        public var minimumPopularity: Double?
        /// Keeps only the most popular ids, this many at most; ties go to the lower id. A missing popularity counts
        /// as 0.
        public var limit: Int?

        public init(adult: Bool = false, minimumPopularity: Double? = nil, limit: Int? = nil) {
            self.adult = adult
            self.minimumPopularity = minimumPopularity
            self.limit = limit.map { max(0, $0) }
        }
    }

    /// What happened to the lines read: `lines` is the sum of the others.
    public struct Counts: Sendable, Hashable {
        /// Every line of every file (blank lines are skipped and not counted).
        public var lines = 0
        public var selected = 0
        /// Dropped as `"adult":true` while adult items were not asked for.
        public var adult = 0
        /// Dropped as below the minimum popularity.
        public var belowMinimumPopularity = 0
        /// Left out by the limit: not among the most popular.
        public var cutByLimit = 0
        /// Lines repeating an id already kept.
        public var duplicates = 0

        public init() {}
    }

    /// The selected ids, ascending, each once.
    public var ids: [UInt32]
    /// Each selected id's `popularity` in its export line, in the order of ``ids``; NaN when the line has none.
    public var popularity: [Double]
    public var counts: Counts
    /// The lines of each file, in the order of the paths read (blank lines not counted).
    public var linesPerFile: [Int] = []

    /// Streams `paths` (gzip ID export files) through the filters.
    ///
    /// Memory follows the distinct ids kept, not the lines: without a limit, about 16 to 24 bytes per distinct id
    /// while reading (``DistinctExportIDs``) and 12 per id in the result; with one, about 32 bytes per place in it (a
    /// bounded heap of popularity and id, and each id's place), whatever the files' size. A repeated id is kept once
    /// with the highest popularity of its lines, with a limit too.
    /// - Parameter lineLimit: the most lines a file may have (blank ones too).
    /// - Throws: ``ExportError/badIDExport(file:line:reason:)`` naming the file and 1-based line for a file that is
    ///   not sound gzip, a line that is not an export entry, an id that is not between 1 and 2^32 - 1, or a file
    ///   with more lines than `lineLimit` allows.
    public static func select(from paths: [String], filters: Filters, lineLimit: ExportLineLimit) throws(ExportError)
        -> IDSelection
    {
        var counts = Counts()
        var kept = DistinctExportIDs()
        var top = filters.limit.map { TopPopular(capacity: $0) }
        var linesPerFile: [Int] = []
        for path in paths {
            let linesBefore = counts.lines
            defer { linesPerFile.append(counts.lines - linesBefore) }
            try ExportFileLines(path, lineLimit: lineLimit).forEachEntry(keepingTitle: false, shape: "an ID export") {
                (entry, id, _) throws(ExportError) in
                counts.lines += 1
                if !filters.adult && entry.adult == true {
                    counts.adult += 1
                } else if let minimum = filters.minimumPopularity, (entry.popularity ?? -.infinity) < minimum {
                    counts.belowMinimumPopularity += 1
                } else if top != nil {
                    top?.offer(popularity: entry.popularity ?? 0, id: id)
                } else {
                    kept.add(id: id, popularity: entry.popularity ?? .nan)
                }
            }
        }
        if let top {
            // Every offer of a new id past the capacity pushed one entry out, the offered one or one kept before.
            counts.cutByLimit = top.offered - top.repeats - top.count
            for entry in top.entries { kept.add(id: entry.id, popularity: entry.popularity) }
        }
        let (ids, popularity) = kept.finish()
        counts.duplicates = (top?.repeats ?? 0) + kept.repeats
        counts.selected = ids.count
        return IDSelection(ids: ids, popularity: popularity, counts: counts, linesPerFile: linesPerFile)
    }
}
