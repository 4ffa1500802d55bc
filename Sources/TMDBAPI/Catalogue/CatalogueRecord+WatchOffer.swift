extension CatalogueRecord {
    /// One provider's offer of a title in one country, flattened from `watch/providers.results.<country>.<kind>[]`.
    public struct WatchOffer: Sendable, Hashable {
        /// How the provider offers the title, in the order TMDB's answers list the kinds.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// By subscription.
            case flatrate
            case rent, buy
            /// Free with advertising.
            case ads
            case free
        }

        /// ISO 3166-1 code: the key of the country's object.
        public var country: String
        public var kind: Kind
        public var providerID: Int?
        public var providerName: String?
        /// The provider's place in that country's list, lower first.
        public var displayPriority: Int?
        /// TMDB's page of the title's offers in that country (its `link`), the same on each of the country's offers.
        public var link: String?

        public init(
            country: String, kind: Kind, providerID: Int? = nil, providerName: String? = nil,
            displayPriority: Int? = nil, link: String? = nil
        ) {
            self.country = country
            self.kind = kind
            self.providerID = providerID
            self.providerName = providerName
            self.displayPriority = displayPriority
            self.link = link
        }
    }
}
