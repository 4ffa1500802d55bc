import TMDBAPI

/// The most lines one ID or dimension export file may have before the run stops: ``multiple`` times the size of
/// TMDB's file of the type, room for years of growth, while a file that repeats lines without end is stopped long
/// before its lines cost hours.
public struct ExportLineLimit: Sendable, Hashable {
    /// How many times TMDB's size a file may have.
    public static let multiple = 4

    /// The export as ``reason`` names it: the catalogue type (`movie`) or the dimension file (`keyword_ids`).
    public var export: String
    /// About how many lines TMDB's file of the type had in 2026.
    public var typical: Int
    /// More lines than this stop the run.
    public var maximum: Int

    /// The limit of `type`'s files. A new catalogue type sets its file's size here (the `adult_…` files are far
    /// smaller and share the limit).
    public init(_ type: CatalogueType) {
        let typical =
            switch type {
            case .movie: 1_100_000
            case .tv: 200_000
            case .person: 4_500_000
            }
        self.init(type: type, typical: typical, maximum: Self.multiple * typical)
    }

    /// The limit of `type`'s dimension export.
    init(_ type: DimensionType) {
        let typical =
            switch type {
            case .keyword: 100_000
            case .company: 250_000
            case .network: 6_000
            }
        self.init(type: type, typical: typical, maximum: Self.multiple * typical)
    }

    public init(type: CatalogueType, typical: Int, maximum: Int) {
        self.init(export: type.rawValue, typical: typical, maximum: maximum)
    }

    init(type: DimensionType, typical: Int, maximum: Int) {
        self.init(export: type.exportPrefix, typical: typical, maximum: maximum)
    }

    private init(export: String, typical: Int, maximum: Int) {
        self.export = export
        self.typical = typical
        self.maximum = maximum
    }

    /// What a file with more lines is told, at its line `maximum + 1`.
    var reason: String {
        "more than \(maximum) lines, while TMDB's \(export) export has about \(typical): stopping"
    }
}
