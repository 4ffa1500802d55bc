import Foundation

/// The numbers TMDB moves every day for most titles without a change-feed entry: `popularity`, `vote_count` and
/// `vote_average`. Each day's values are one pure function of (media type, id, step, the day's base values), drawn
/// without looking back at earlier days, so any day costs the same and two servers agree.
///
/// The *base* values are what the id would serve without the drift that day: a list item's, or a generated id's as
/// edited by the day's ``Revision``. On step 0 (the epoch, every day before it, and every day of a universe that
/// does not evolve) the drift is nothing: the base values are served as they are.
///
/// - `popularity`: the base times a factor drawn from (id, step) within ±4% for the long tail up to ±20% for the
///   popular ids (the swing grows with the logarithm of the base, full from about 150 on); three decimals; a base of
///   at least 0.6 never drifts below 0.6 (a draw below is mirrored above), so most ids differ from one day to the
///   next.
/// - `vote_count`: the base plus `floor(rate × step)`, the rate drawn per id between 0.02 and 0.2 votes a day per
///   point of popularity on the epoch (popular ids gain hundreds a day, the long tail one now and then). The epoch's
///   popularity, which no edit changes, sets the rate, and an edit only adds votes to the base, so the count never
///   decreases from one day to the next.
/// - `vote_average`: the base while the count is the base count; otherwise the base wobbled by a draw from
///   (id, vote_count) (less the more votes there are), or a fresh average from 4 to 9 when the base had no votes;
///   within 1.0...10.0, three decimals at most.
enum DailyDrift {
    /// The three numbers that drift.
    struct Values: Equatable, Sendable {
        var popularity: Double
        var voteAverage: Double
        var voteCount: Int
    }

    /// The values `type`'s `id` serves on `step`, from its base values of that day.
    /// - Parameter epochPopularity: the id's popularity before any edit; it sets how fast votes come.
    static func values(
        _ base: Values, epochPopularity: Double, of type: CatalogueMediaType, id: Int, step: Int
    ) -> Values {
        guard step > 0 else { return base }
        let voteCount = voteCount(base.voteCount, epochPopularity: epochPopularity, of: type, id: id, step: step)
        return Values(
            popularity: popularity(base.popularity, of: type, id: id, step: step),
            voteAverage: voteAverage(
                base.voteAverage, baseCount: base.voteCount, voteCount: voteCount, of: type, id: id),
            voteCount: voteCount)
    }

    /// The popularity `type`'s `id` serves on `step` (as the export line carries it), from the day's base.
    static func popularity(_ base: Double, of type: CatalogueMediaType, id: Int, step: Int) -> Double {
        guard step > 0 else { return base }
        var random = SplitMix64(seed: seed(type, popularityPurpose, UInt64(step)), stream: UInt64(id))
        let reach = base > floor ? min(1, log(base / floor) / log(250)) : 0
        let swing = 0.04 + 0.16 * reach
        let factor = 1 + swing * (2 * random.unitInterval() - 1)
        let baseThousandths = Int((base * 1_000).rounded())
        var thousandths = Int((Double(baseThousandths) * factor).rounded())
        if baseThousandths >= floorThousandths, thousandths < floorThousandths {
            thousandths = 2 * floorThousandths - thousandths
        }
        return Double(thousandths) / 1_000
    }

    /// The base count plus the votes of `step` days at the id's own rate.
    static func voteCount(
        _ base: Int, epochPopularity: Double, of type: CatalogueMediaType, id: Int, step: Int
    ) -> Int {
        guard step > 0 else { return base }
        var random = SplitMix64(seed: seed(type, votesPurpose, 0), stream: UInt64(id))
        let votesPerDay = max(0, epochPopularity) * (0.02 + 0.18 * random.unitInterval())
        return base + Int((votesPerDay * Double(step)).rounded(.down))
    }

    /// The average of `voteCount` votes, from the base average of `baseCount` votes.
    static func voteAverage(
        _ base: Double, baseCount: Int, voteCount: Int, of type: CatalogueMediaType, id: Int
    ) -> Double {
        guard voteCount != baseCount else { return base }
        var random = SplitMix64(seed: seed(type, averagePurpose, UInt64(voteCount)), stream: UInt64(id))
        let unit = random.unitInterval()
        let average: Double
        if baseCount == 0 || base <= 0 {
            average = 4 + 5 * unit
        } else {
            let wobble = min(0.25, 2 / Double(voteCount).squareRoot())
            average = base + wobble * (2 * unit - 1)
        }
        return (min(10, max(1, average)) * 1_000).rounded() / 1_000
    }

    /// `item` (a ``SandboxMovie`` or ``SandboxShow``) with the numbers of `step`.
    static func item<Item: DriftingItem>(_ item: Item, epochPopularity: Double, step: Int) -> Item {
        guard step > 0 else { return item }
        let base = Values(popularity: item.popularity, voteAverage: item.voteAverage, voteCount: item.voteCount)
        let drifted = values(base, epochPopularity: epochPopularity, of: Item.mediaType, id: item.id, step: step)
        var result = item
        result.popularity = drifted.popularity
        result.voteAverage = drifted.voteAverage
        result.voteCount = drifted.voteCount
        return result
    }

    /// A seed per media type, purpose and day (or vote count).
    private static func seed(_ type: CatalogueMediaType, _ purpose: UInt64, _ variable: UInt64) -> UInt64 {
        (type == .movie ? 0x4452_4946_544D : 0x4452_4946_5454) ^ purpose ^ (variable &* 0x9E37_79B9_7F4A_7C15)
    }

    /// TMDB's least popularity of a listed title.
    private static let floor = 0.6
    private static let floorThousandths = 600
    private static let popularityPurpose: UInt64 = 0x504F_5055_4C41_5249
    private static let votesPurpose: UInt64 = 0x564F_5445_53
    private static let averagePurpose: UInt64 = 0x4156_4552_4147_45
}
