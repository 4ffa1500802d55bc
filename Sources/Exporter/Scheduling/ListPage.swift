import Foundation
import HTTPClient
import TMDBAPI

/// One list item, movie or TV, as the writers see it.
enum ListEntry: Sendable {
    case movie(Movie)
    case tv(TVShow)

    var id: Int {
        switch self {
        case .movie(let movie): movie.id
        case .tv(let show): show.id
        }
    }

    var posterPath: String? {
        switch self {
        case .movie(let movie): movie.posterPath
        case .tv(let show): show.posterPath
        }
    }
}

/// A list item the writers know: each kind names its own ``ListEntry`` case, so a list of a new kind of item cannot
/// become a ``PageRequest`` until the writers are given a case for it.
protocol ListEntryConvertible: ListItem {
    var listEntry: ListEntry { get }
}

extension Movie: ListEntryConvertible {
    var listEntry: ListEntry { .movie(self) }
}

extension TVShow: ListEntryConvertible {
    var listEntry: ListEntry { .tv(self) }
}

/// A decoded page of any list: its entries with their positions as sent, the items it rejected, and its size.
struct ListPage: Sendable {
    var totals: ListTotals
    var entries: [(position: Int, entry: ListEntry)]
    /// Items that could not be read, each with its position, field, reason, id and text.
    var rejected: [RejectedItem]
    /// Strings read with U+FFFD in place of text that was not valid Unicode.
    var repairedStrings: Int

    init<Item: ListEntryConvertible>(_ page: ResultsPage<Item>) {
        totals = ListTotals(page)
        entries = page.results.items.map { ($0.position, $0.value.listEntry) }
        rejected = page.results.skipped
        repairedStrings = page.repairedStrings
    }
}

/// One page request of any list, type-erased so the scheduler handles every endpoint alike.
struct PageRequest: Sendable {
    private let sendRequest: @Sendable (APIClient) async -> Result<(ListPage, Data), ClientError>
    private let decodeBody: @Sendable (Data) throws -> ListPage

    init<E: PagedEndpoint>(_ endpoint: E) where E.Item: ListEntryConvertible {
        sendRequest = { api in
            do throws(ClientError) {
                let response = try await api.send(KeepingBody(endpoint))
                return .success((ListPage(response.value), response.body))
            } catch {
                return .failure(error)
            }
        }
        decodeBody = { data in ListPage(try ResultsPage<E.Item>.decode(data)) }
    }

    /// Sends the request; returns the page and the body as received.
    func send(with api: APIClient) async -> Result<(ListPage, Data), ClientError> { await sendRequest(api) }

    /// Decodes a body cached by an earlier run.
    func decode(_ body: Data) throws -> ListPage { try decodeBody(body) }
}
