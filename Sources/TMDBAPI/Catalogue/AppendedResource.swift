// PLACEHOLDER until the catalogue-rows branch lands.
public enum AppendedResource: String, Sendable, Hashable, CaseIterable {
    case credits, aggregate_credits, keywords, external_ids, release_dates, content_ratings
    public static func supported(by type: CatalogueType) -> [AppendedResource] {
        switch type {
        case .movie: [.credits, .keywords, .external_ids, .release_dates]
        case .tv: [.aggregate_credits, .keywords, .external_ids, .content_ratings]
        }
    }
}
