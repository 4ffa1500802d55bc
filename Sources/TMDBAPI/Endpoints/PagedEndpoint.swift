import HTTPClient

/// An endpoint that answers one page of a TMDB list: `page=N` in, ``ResultsPage`` of `Item` out.
public protocol PagedEndpoint: Endpoint where Response == ResultsPage<Item> {
    associatedtype Item: ListItem
    /// The 1-based page, 1…500.
    var page: Int { get set }
}

extension PagedEndpoint {
    /// Decodes the page with ``ResultsPage/decode(_:)``: as it streams past, or item by item when it is damaged.
    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        try ResultsPage<Item>.decode(response.body)
    }
}

extension TMDB.MovieList: PagedEndpoint {
    public typealias Item = Movie
}
