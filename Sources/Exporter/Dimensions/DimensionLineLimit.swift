import TMDBAPI

/// The most lines one dimension export may have before the run stops: ``ExportLineLimit/multiple`` times TMDB's
/// file of the type, as for the ID exports.
struct DimensionLineLimit: Sendable, Hashable {
    var type: DimensionType
    /// About how many lines TMDB's file of the type had in 2026.
    var typical: Int
    /// More lines than this stop the run.
    var maximum: Int

    init(_ type: DimensionType) {
        let typical =
            switch type {
            case .keyword: 100_000
            case .company: 250_000
            case .network: 6_000
            }
        self.init(type: type, typical: typical, maximum: ExportLineLimit.multiple * typical)
    }

    init(type: DimensionType, typical: Int, maximum: Int) {
        self.type = type
        self.typical = typical
        self.maximum = maximum
    }

    /// What a file with more lines is told, at its line `maximum + 1`.
    var reason: String {
        "more than \(maximum) lines, while TMDB's \(type.exportPrefix) export has about \(typical): stopping"
    }
}
