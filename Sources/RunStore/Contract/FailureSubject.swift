import TMDBAPI

extension Manifest.Failure {
    /// What failed, typed: the engine says which page, which id or which poster, and the merge and the next night
    /// read the ids back from the value, not from a string.
    package enum Subject: Sendable, Hashable {
        /// A list page.
        case page(endpoint: String, page: Int)
        /// One id's details (`movie/550`, `tv/1399`): a catalogue's, or a list item's `"details": true`.
        case details(CatalogueType, UInt32)
        /// A poster, by its path under the job's `posters/` (`w342/abc.jpg`).
        case poster(String)
        /// Anything else a manifest names, kept as it was written.
        case other(endpoint: String, page: Int?)

        /// One id's details, for an id as a server sent it: one beyond TMDB's 32-bit ids is named as it came.
        package static func details(_ type: CatalogueType, id: Int) -> Subject {
            UInt32(exactly: id).map { .details(type, $0) } ?? .other(endpoint: "\(type.rawValue)/\(id)", page: nil)
        }

        /// The subject a manifest's `endpoint` and `page` name.
        package init(endpoint: String, page: Int?) {
            if let page {
                self = .page(endpoint: endpoint, page: page)
            } else if endpoint.hasPrefix("poster ") {
                self = .poster(String(endpoint.dropFirst("poster ".count)))
            } else if let slash = endpoint.firstIndex(of: "/"),
                let type = CatalogueType(rawValue: String(endpoint[..<slash])),
                let id = UInt32(endpoint[endpoint.index(after: slash)...]),
                "\(type.rawValue)/\(id)" == endpoint
            {
                self = .details(type, id)
            } else {
                self = .other(endpoint: endpoint, page: nil)
            }
        }

        /// As the manifest's `endpoint` names it.
        package var endpoint: String {
            switch self {
            case .page(let endpoint, _), .other(let endpoint, _): endpoint
            case .details(let type, let id): "\(type.rawValue)/\(id)"
            case .poster(let path): "poster \(path)"
            }
        }

        /// The list page, for a page.
        package var page: Int? {
            switch self {
            case .page(_, let page): page
            case .other(_, let page): page
            case .details, .poster: nil
            }
        }
    }
}
