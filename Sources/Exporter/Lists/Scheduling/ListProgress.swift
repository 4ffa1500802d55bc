/// Where one list request of a job stands: which pages are sent, which are buffered and what they wait for, and
/// which can be written next. Pages arrive in any order; they are handed out for writing strictly in list order,
/// each once its posters (and details, when asked for) are resolved.
struct ListProgress: Sendable {
    /// Something a buffered page waits for before it can be written.
    enum Dependency: Hashable, Sendable {
        case poster(String)
        case details(Int)
    }

    private enum BufferedPage: Sendable {
        case rows([PendingRow], waitingFor: Set<Dependency>)
        case failed
    }

    let request: Job.ListRequest
    /// Which pages have been sent and written.
    private(set) var cursor: PageCursor
    private var buffered: [Int: BufferedPage] = [:]
    /// The page counts of the manifest's request summary. `pagesPlanned` is the range's length (1 for `all`) until
    /// the first page says how many pages the list has.
    private(set) var pagesPlanned: Int
    private(set) var pagesFetched = 0
    private(set) var pagesFromCache = 0
    private(set) var pagesFailed = 0
    /// Items that could not be read (in `rejected.ndjson`).
    private(set) var itemsRejected = 0
    /// Strings read with U+FFFD in place of text that was not valid Unicode.
    private(set) var stringsRepaired = 0
    /// The list's size and dates as its first page gave them; nil until it has, or when it failed.
    private(set) var totals: ListTotals?

    init(_ request: Job.ListRequest) {
        self.request = request
        cursor = PageCursor(request.pages)
        pagesPlanned = request.pages.count ?? 1
    }

    /// The pages the job asked for: the range's length, or for `all` the pages planned.
    var pagesAsked: Int { request.pages.count ?? pagesPlanned }

    /// Whether every page has been handed out for writing.
    var isComplete: Bool { cursor.isComplete }

    mutating func markDispatched(_ page: Int) {
        cursor.markDispatched(page)
    }

    /// Learns the list's size from its first page, or nil when that page failed: an `all` request then ends
    /// there, a range fetches its pages as asked.
    mutating func learnSize(_ totals: ListTotals?) {
        self.totals = totals
        let last = request.pages.pages(lastServedPage: totals?.lastServedPage).upperBound
        if cursor.learnLastPage(last) { pagesPlanned = last - cursor.firstPage + 1 }
    }

    /// Buffers a fetched page's rows and counts what it rejected and repaired; `waitingFor` holds the posters and
    /// details still being fetched.
    mutating func accept(page number: Int, _ page: PageRows, fromCache: Bool, waitingFor: Set<Dependency>) {
        pagesFetched += 1
        if fromCache { pagesFromCache += 1 }
        itemsRejected += page.rejected.count
        stringsRepaired += page.repairedStrings
        buffered[number] = .rows(page.rows, waitingFor: waitingFor)
    }

    /// Records a page that could not be fetched; writing moves past it.
    mutating func fail(page: Int) {
        pagesFailed += 1
        buffered[page] = .failed
    }

    /// Tells buffered pages that a dependency is resolved.
    mutating func resolved(_ dependency: Dependency) {
        for (page, entry) in buffered {
            if case .rows(let rows, var waiting) = entry, waiting.remove(dependency) != nil {
                buffered[page] = .rows(rows, waitingFor: waiting)
            }
        }
    }

    /// Takes the pages that are next in order and ready, in order; a failed page is passed over.
    mutating func takeWritable() -> [[PendingRow]] {
        var pages: [[PendingRow]] = []
        while let entry = buffered[cursor.nextToWrite] {
            if case .rows(let rows, let waiting) = entry {
                guard waiting.isEmpty else { break }
                pages.append(rows)
            }
            buffered[cursor.nextToWrite] = nil
            cursor.markWritten()
        }
        return pages
    }
}
