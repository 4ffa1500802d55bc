import Foundation
import HTTPClient
import TMDBAPI

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
