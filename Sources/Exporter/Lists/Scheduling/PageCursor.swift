/// Where one request of a job stands in its pages: the next to send and the next to write.
///
/// The order in which a job's pages go out is ``next(in:window:)``, used by ``JobSchedule`` for every page, the
/// first wave with setup included.
struct PageCursor: Sendable, Equatable {
    /// The first page of the selection.
    let firstPage: Int
    /// The last page, once the first page has said where the list ends (or failed to).
    private(set) var lastPage: Int?
    /// The next page to send.
    private(set) var nextToDispatch: Int
    /// The next page to write.
    private(set) var nextToWrite: Int

    /// A request none of whose pages has been sent or written. Only its first page can go out until
    /// ``learnLastPage(_:)``: a range too waits for the list's size, so that it never asks for pages past the end.
    init(_ pages: PageSelection) {
        firstPage = pages.firstPage
        nextToDispatch = firstPage
        nextToWrite = firstPage
    }

    /// Whether every page has been written.
    var isComplete: Bool { lastPage.map { nextToWrite > $0 } ?? false }

    /// The next page to send, if one is known and fewer than `window` pages past the next page to write (so pages
    /// waiting for a slow earlier one cannot pile up without limit).
    func dispatchablePage(window: Int) -> Int? {
        guard let lastPage else { return nextToDispatch == firstPage ? firstPage : nil }
        guard nextToDispatch <= lastPage, nextToDispatch < nextToWrite + window else { return nil }
        return nextToDispatch
    }

    /// Marks `page` (from ``dispatchablePage(window:)``) as sent.
    mutating func markDispatched(_ page: Int) {
        nextToDispatch = max(nextToDispatch, page + 1)
    }

    /// Marks the next page to write as written.
    mutating func markWritten() {
        nextToWrite += 1
    }

    /// Sets the last page, learned from the first page; returns false if it was known.
    mutating func learnLastPage(_ last: Int) -> Bool {
        guard lastPage == nil else { return false }
        lastPage = last
        return true
    }

    /// The job's next page to send: every request's first page before any other (a request learns its size from
    /// it), then the requests' pages in job order, each within `window`. Nil when no page can go out now.
    static func next(in cursors: some Collection<PageCursor>, window: Int) -> (request: Int, page: Int)? {
        for (index, cursor) in cursors.enumerated() where cursor.nextToDispatch == cursor.firstPage {
            if let page = cursor.dispatchablePage(window: window) { return (index, page) }
        }
        for (index, cursor) in cursors.enumerated() {
            if let page = cursor.dispatchablePage(window: window) { return (index, page) }
        }
        return nil
    }
}
