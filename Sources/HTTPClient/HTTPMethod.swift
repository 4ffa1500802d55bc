/// An HTTP request method. TMDB's read API only needs GET; the others exist so endpoints can say what they are.
public enum HTTPMethod: String, Sendable, Hashable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case delete = "DELETE"
}
