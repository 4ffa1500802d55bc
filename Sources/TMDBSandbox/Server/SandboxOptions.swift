import Foundation

/// How a ``SandboxServer`` behaves: port, the universe it serves, how it answers on the wire, and the faults it
/// injects (``faults``). Every random choice follows ``seed``.
public struct SandboxOptions: Sendable {
    /// Port to bind on 127.0.0.1; 0 picks an ephemeral port.
    public var port: UInt16 = 0
    /// Seed for every random choice (faults, jitter); request *n* of a run always gets the same draws.
    public var seed: UInt64 = 42
    /// Compress API answers with gzip (`Content-Encoding: gzip`) when the request accepts it, as TMDB does.
    public var gzip: Bool = false
    /// Entries on a change-feed page: TMDB's 100; fewer spreads a small universe's day over several pages.
    public var changeFeedPageSize: Int = 100
    /// Keep ``SandboxServer/requestLog()``; long benchmarks can turn it off to keep memory flat.
    public var recordsRequests: Bool = true
    /// A file to create (or empty) at start, with one line per answered request: its connection, when it arrived and
    /// when its answer was written (monotonic nanoseconds), its status and its path without the query. For measuring
    /// clients from the server's side (`bench/turnaround`). nil: no such file.
    public var timingLogPath: String? = nil

    /// How many movie ids the catalogue universe holds (the daily export files and `/3/movie/{id}`): the 10,400 list
    /// movies first, then generated ones. See ``SandboxCatalogueUniverse``.
    public var catalogueSize: Int = 20_000
    /// Whether the catalogue universe starts with the list catalogue's 10,400 movies and 2,400 shows (which never
    /// change from day to day); false makes every id generated, so that a small universe changes like a large one.
    public var catalogueIncludesLists: Bool = true
    /// How many series ids the catalogue universe holds (`tv_series` export files and `/3/tv/{id}`): the 2,400 list
    /// shows first, then generated ones.
    public var seriesCatalogueSize: Int = 4_000
    /// How many people of the person universe are credited nowhere, after the 20,000 people the titles' credits
    /// name: the person export files list them and `/3/person/{id}` answers them, cheaply (no credits to look up).
    /// See ``SandboxPersonUniverse``.
    public var uncreditedPeople: Int = SandboxPersonUniverse.defaultUncreditedCount
    /// The current time, for which daily export files are published (a day's file from 08:00 UTC on, for 90 days).
    public var now: @Sendable () -> Date = { Date() }
    /// Let the catalogue universe evolve day by day after ``SandboxCatalogueUniverse/evolutionEpoch``: ids are
    /// edited, born, removed and turned adult, the export files and details of each day agree, and
    /// `/3/movie/changes` and `/3/tv/changes` list what changed. Off: every day serves the epoch's universe and the
    /// change feeds are empty.
    public var simulatesDays: Bool = false
    /// Send API answers with `Transfer-Encoding: chunked` instead of `Content-Length`, as TMDB's CDN does (with
    /// ``gzip``: compressed and chunked).
    public var chunked: Bool = false
    /// The faults it injects: none by default.
    public var faults = SandboxFaultPlan()

    /// Options for a well-behaved server on an ephemeral port, with no latency and no faults, answering with plain
    /// `Content-Length` bodies: what tests of exact bodies and the benchmarks against curl rely on.
    public init() {}

    /// Options for a server that answers as TMDB's API does on the wire: gzip when the request accepts it, bodies
    /// chunked. `export --sandbox` and `plan --sandbox` use them, so that the README's main command reads answers as
    /// they come from TMDB.
    public static func answeringAsTMDB() -> SandboxOptions {
        var options = SandboxOptions()
        options.gzip = true
        options.chunked = true
        return options
    }
}
