import Foundation
import HTTPClient
import Synchronization

/// A stub TMDB (API and image CDN in one) that answers from memory after a delay and measures how many
/// requests were in flight at once, separately for the API and for images.
final class CountingTMDBTransport: HTTPTransport {
    struct Counters {
        var apiInFlight = 0
        var apiMaxInFlight = 0
        var imageInFlight = 0
        var imageMaxInFlight = 0
        var apiRequests: [String] = []
        var imageRequests: [String] = []
        /// Whether the held page of a list has been answered yet, and the highest page asked for before it was.
        var heldPageAnswered = false
        var highestPageBeforeHeldPage = 0
        /// Other list pages answered so far, and the held page waiting for enough of them.
        var otherPagesAnswered = 0
        /// List pages answered 200.
        var listPagesSucceeded = 0
        var heldPageWaiter: CheckedContinuation<Void, Never>?
    }

    let totalPages: Int
    let delay: @Sendable (String) -> Duration
    let failingPages: Set<Int>
    let unauthorized: Bool
    /// Pages from this number on answer 401, as when a token is revoked mid-run.
    let unauthorizedFromPage: Int?
    /// When true, each page after the first repeats the previous page's last movie first, as TMDB's lists do
    /// when they shift while being paged.
    let repeatsAcrossPages: Bool
    /// When set, this page is answered only after so many other pages have been: a page that is slow for as long
    /// as the test needs, without depending on timing.
    let held: (page: Int, untilOthersAnswered: Int)?
    private let counters = Mutex(Counters())

    init(
        totalPages: Int, failingPages: Set<Int> = [], unauthorized: Bool = false, unauthorizedFromPage: Int? = nil,
        repeatsAcrossPages: Bool = false, holding held: (page: Int, untilOthersAnswered: Int)? = nil,
        delay: @escaping @Sendable (String) -> Duration = { _ in .milliseconds(2) }
    ) {
        self.totalPages = totalPages
        self.failingPages = failingPages
        self.unauthorized = unauthorized
        self.unauthorizedFromPage = unauthorizedFromPage
        self.delay = delay
        self.repeatsAcrossPages = repeatsAcrossPages
        self.held = held
    }

    var snapshot: Counters { counters.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        let isImage = url.path.hasPrefix("/t/p/")
        counters.withLock { counters in
            if isImage {
                counters.imageInFlight += 1
                counters.imageMaxInFlight = max(counters.imageMaxInFlight, counters.imageInFlight)
                counters.imageRequests.append(url.path)
            } else {
                counters.apiInFlight += 1
                counters.apiMaxInFlight = max(counters.apiMaxInFlight, counters.apiInFlight)
                counters.apiRequests.append(url.path + "?" + (url.query ?? ""))
            }
        }
        defer {
            counters.withLock { counters in
                if isImage { counters.imageInFlight -= 1 } else { counters.apiInFlight -= 1 }
            }
        }
        if !isImage,
            let page = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
                .first(where: { $0.name == "page" })?.value.flatMap(Int.init)
        {
            counters.withLock { counters in
                if !counters.heldPageAnswered {
                    counters.highestPageBeforeHeldPage = max(counters.highestPageBeforeHeldPage, page)
                }
            }
        }
        try await Task.sleep(for: delay(url.absoluteString))
        if isImage {
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "image/jpeg"],
                body: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x01, 0xFF, 0xD9]))
        }
        if unauthorized {
            return Self.json(
                401,
                #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
            )
        }
        switch url.path {
        case "/3/configuration":
            return Self.json(
                200, #"{"images":{"secure_base_url":"https://img.test/t/p/","poster_sizes":["w92","w342","original"]}}"#
            )
        case "/3/genre/movie/list":
            return Self.json(200, #"{"genres":[{"id":1,"name":"One"},{"id":2,"name":"Two, with comma"}]}"#)
        default:
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let page = Int(components?.queryItems?.first(where: { $0.name == "page" })?.value ?? "1") ?? 1
            if let held, page == held.page {
                await withCheckedContinuation { continuation in
                    let ready = counters.withLock { counters in
                        if counters.otherPagesAnswered >= held.untilOthersAnswered { return true }
                        counters.heldPageWaiter = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            }
            let waiter = counters.withLock { counters -> CheckedContinuation<Void, Never>? in
                if page == held?.page {
                    counters.heldPageAnswered = true
                    return nil
                }
                counters.otherPagesAnswered += 1
                guard let held, counters.otherPagesAnswered >= held.untilOthersAnswered else { return nil }
                defer { counters.heldPageWaiter = nil }
                return counters.heldPageWaiter
            }
            waiter?.resume()
            if let from = unauthorizedFromPage, page >= from {
                return Self.json(
                    401,
                    #"{"status_code":3,"status_message":"Authentication failed: You do not have permissions to access the service.","success":false}"#
                )
            }
            if failingPages.contains(page) {
                return Self.json(
                    404, #"{"status_code":34,"status_message":"The resource you requested could not be found."}"#)
            }
            let list = url.path.replacingOccurrences(of: "/3/movie/", with: "")
            counters.withLock { $0.listPagesSucceeded += 1 }
            return Self.json(200, self.page(page, list: list, totalPages: totalPages))
        }
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// 20 movies per page; ids depend on the list and position, posters shared between lists for even ids.
    func page(_ page: Int, list: String, totalPages: Int) -> String {
        guard page <= totalPages else {
            return #"{"page":\#(page),"results":[],"total_pages":\#(totalPages),"total_results":\#(totalPages * 20)}"#
        }
        let offset = list == "top_rated" ? 0 : 100_000
        let results = (0..<20).map { index -> String in
            var id = offset + (page - 1) * 20 + index + 1
            if repeatsAcrossPages, page > 1, index == 0 { id -= 1 }
            let poster = id % 7 == 0 ? "null" : "\"/p\(id % 2 == 0 ? id - offset : id).jpg\""
            return
                #"{"id":\#(id),"title":"Movie \#(id), \"\#(list)\"","genre_ids":[1,2,3],"poster_path":\#(poster),"vote_average":7,"popularity":1.5}"#
        }
        return
            #"{"page":\#(page),"results":[\#(results.joined(separator: ","))],"total_pages":\#(totalPages),"total_results":\#(totalPages * 20)}"#
    }
}
