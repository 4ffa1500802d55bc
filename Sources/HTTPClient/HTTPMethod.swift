/// GET unless an endpoint says otherwise; the others exist so endpoints can say what they are.
public enum HTTPMethod: String, Sendable, Hashable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case delete = "DELETE"
}
