import Foundation

/// The part of TMDB's `/configuration` answer the exporter uses.
public struct APIConfiguration: Decodable, Sendable, Hashable {
    /// Image settings.
    public var images: Images

    /// Where images live and which sizes exist.
    public struct Images: Decodable, Sendable, Hashable {
        /// The plain-HTTP image base URL.
        public var baseURL: String?
        /// The HTTPS image base URL, preferred when present.
        public var secureBaseURL: String?
        /// Valid poster sizes, e.g. `w92 … w780, original`.
        public var posterSizes: [String]

        enum CodingKeys: String, CodingKey {
            case baseURL = "base_url"
            case secureBaseURL = "secure_base_url"
            case posterSizes = "poster_sizes"
        }

        /// Creates the image settings.
        public init(baseURL: String?, secureBaseURL: String?, posterSizes: [String]) {
            self.baseURL = baseURL
            self.secureBaseURL = secureBaseURL
            self.posterSizes = posterSizes
        }
    }

    /// Creates a configuration.
    public init(images: Images) { self.images = images }

    /// The image base URL to use: the secure one if given, else the plain one; nil if neither is a URL.
    public var imageBaseURL: URL? {
        for candidate in [images.secureBaseURL, images.baseURL] {
            if let candidate, !candidate.isEmpty, let url = URL(string: candidate), url.scheme != nil { return url }
        }
        return nil
    }
}
