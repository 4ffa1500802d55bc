/// A streaming, rental or sales service of the sandbox's watch-provider catalogue: TMDB's id and name for it (logo
/// paths are invented), and its display priority in each country (lower shows first).
struct WatchProvider: Equatable, Sendable {
    let id: Int
    let name: String
    let logoPath: String
    /// The kinds of offer it makes (`flatrate`, `rent`, `buy`, `ads`, `free`).
    let kinds: Set<WatchOfferKind>
    /// Whether it lists series too (a few services are movie-only).
    let hasSeries: Bool

    /// The priority of the provider in `country`, the same for every title and day.
    func displayPriority(in country: String) -> Int {
        let countryCode = country.utf8.reduce(0) { $0 * 31 + Int($1) }
        var random = SplitMix64(seed: 0x5052_494F_5249_5459, stream: UInt64(id) << 20 | UInt64(countryCode))
        return (Self.all.firstIndex(of: self) ?? 0) + Int(random.next() % 5)
    }

    /// The providers of `type` (`/3/watch/providers/movie` or `/tv`), in id order.
    static func catalogue(_ type: CatalogueMediaType) -> [WatchProvider] {
        all.filter { type == .movie || $0.hasSeries }.sorted { $0.id < $1.id }
    }

    /// The countries titles are offered in.
    static let countries = ["US", "GB", "CA", "DE", "FR", "JP", "BR", "AU", "IN", "KR", "ES", "MX"]

    static let all: [WatchProvider] = [
        .init(id: 8, name: "Netflix", logo: "/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg", [.flatrate, .ads]),
        .init(id: 9, name: "Amazon Prime Video", logo: "/pvske1MyAoymrs5bguRfVqYiM9a.jpg", [.flatrate]),
        .init(id: 337, name: "Disney Plus", logo: "/97yvRBw1GzX7fXprcF80er19ot.jpg", [.flatrate]),
        .init(id: 15, name: "Hulu", logo: "/bxBlRPEPpMVDc4jMhSrTf2339DW.jpg", [.flatrate, .ads]),
        .init(id: 1899, name: "Max", logo: "/170ZfHTLT6ZlG38iLLpNYcBGUkG.jpg", [.flatrate]),
        .init(id: 350, name: "Apple TV+", logo: "/2E03IAZsX4ZaUqM7tXlctEPMGWS.jpg", [.flatrate]),
        .init(id: 2, name: "Apple TV", logo: "/9ghgSC0MA082EL6HLCW3GalykFD.jpg", [.rent, .buy]),
        .init(id: 3, name: "Google Play Movies", logo: "/8z7rC8uIDaTM91X0ZfkRf04ydj2.jpg", [.rent, .buy]),
        .init(id: 10, name: "Amazon Video", logo: "/seGSXajazLMCKGB5hnRCidtjay1.jpg", [.rent, .buy]),
        .init(id: 192, name: "YouTube", logo: "/pTnn5JwWr4p3pG8H6VrpiQo7Vs0.jpg", [.rent, .buy, .free]),
        .init(id: 73, name: "Tubi TV", logo: "/zLYr8OOQrZkJ0sPj2Qm7J1kzR9e.jpg", [.free, .ads]),
        .init(id: 300, name: "Pluto TV", logo: "/dB8G41Q6tSL5NBisrIeqByfepBc.jpg", [.free, .ads]),
        .init(id: 386, name: "Peacock Premium", logo: "/2aGrp1xw3qhwCYvNGAJZPdjfeeX.jpg", [.flatrate, .ads]),
        .init(id: 283, name: "Crunchyroll", logo: "/mXeC4TrcgdU6ltE9bCBCEORwSQR.jpg", [.flatrate, .free]),
        .init(id: 531, name: "Paramount Plus", logo: "/h5DcR0J2EESLitnhR8xLG1QymTE.jpg", [.flatrate]),
        .init(id: 11, name: "MUBI", logo: "/x570VpH2C9EKDf1riP83rYc5dnL.jpg", [.flatrate], hasSeries: false),
        .init(
            id: 68, name: "Microsoft Store", logo: "/5vfrJQgNe9UnHVgVNAwZTy0Jo9o.jpg", [.rent, .buy], hasSeries: false),
        .init(id: 7, name: "Fandango At Home", logo: "/19fkcOz0xeUgCVW8tO85uOYnYK9.jpg", [.rent, .buy]),
    ]

    private init(id: Int, name: String, logo: String, _ kinds: Set<WatchOfferKind>, hasSeries: Bool = true) {
        self.id = id
        self.name = name
        self.logoPath = logo
        self.kinds = kinds
        self.hasSeries = hasSeries
    }
}

/// How a provider offers a title, in the order TMDB's answers list them.
enum WatchOfferKind: String, CaseIterable, Sendable {
    case flatrate, rent, buy, ads, free
}
