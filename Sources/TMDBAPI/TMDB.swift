import Foundation

/// The namespace for TMDB's endpoints and constants. Each endpoint is one small struct in `Endpoints/`.
public enum TMDB {
    /// TMDB's v3 API base URL.
    public static let apiBaseURL = URL(string: "https://api.themoviedb.org/3")!
    /// The highest page number TMDB serves for any list.
    public static let maximumPage = 500
    /// Results per list page.
    public static let pageSize = 20
}
