/// A movie or a show whose daily numbers drift (``DailyDrift``): its type, its id and the three numbers.
protocol DriftingItem {
    static var mediaType: CatalogueMediaType { get }
    var id: Int { get }
    var popularity: Double { get set }
    var voteAverage: Double { get set }
    var voteCount: Int { get set }
}

extension SandboxMovie: DriftingItem {
    static var mediaType: CatalogueMediaType { .movie }
}

extension SandboxShow: DriftingItem {
    static var mediaType: CatalogueMediaType { .series }
}
