/// What the `version`-th edit of a generated movie or series changes, drawn from (slot, version) alone: each version
/// edits the base data afresh (it is not the previous version edited again), so any day's details cost the same.
///
/// Every version moves `popularity` (its last digit's parity alternates, so two versions in a row never share it) and
/// adds votes (`vote_count` grows with the version, so no two versions share it); some also edit the title, overview
/// or tagline, add or drop a keyword, trim or extend the cast or crew by up to three, or change the runtime.
struct Revision: Equatable {
    let version: Int
    /// Added to the title (not the original title, which the export line carries).
    let titleSuffix: String?
    /// Added to the overview.
    let overviewAddition: String?
    /// Replaces the tagline.
    let tagline: String?
    /// Keywords added (1) or dropped (-1) at the end of the list.
    let keywordDelta: Int
    /// Cast entries added at the end (positive) or dropped from the end (negative).
    let castDelta: Int
    /// Crew entries added at the end (positive) or dropped from the end (negative).
    let crewDelta: Int
    /// Minutes added to a known runtime; a runtime of 0 (unknown) becomes 90 plus this.
    let runtimeDelta: Int
    private let popularityFactor: Double
    private let votesAdded: Int
    private let voteAverageTenths: Int

    /// The edit of `version` of `slot`; nil for version 0, the base data.
    init?(slot: Int, version: Int, in space: CatalogueIdSpace) {
        guard version > 0 else { return nil }
        self.version = version
        var random = SplitMix64(seed: space.draw(slot, Self.purpose), stream: UInt64(version))
        popularityFactor = 0.5 + random.unitInterval()
        votesAdded = 3 * version + Int(random.next() % 3)
        voteAverageTenths = 10 + Int(random.next() % 90)
        titleSuffix = random.next() % 6 == 0 ? UniverseText.pick(Self.titleSuffixes, &random) : nil
        overviewAddition = random.next() % 5 == 0 ? UniverseText.pick(Self.overviewAdditions, &random) : nil
        tagline = random.next() % 6 == 0 ? UniverseText.pick(Self.taglines, &random) : nil
        keywordDelta = random.next() % 4 == 0 ? (random.next() % 2 == 0 ? 1 : -1) : 0
        castDelta = random.next() % 4 == 0 ? Self.smallDelta(&random) : 0
        crewDelta = random.next() % 4 == 0 ? Self.smallDelta(&random) : 0
        runtimeDelta = random.next() % 6 == 0 ? Self.smallDelta(&random) * 4 : 0
    }

    /// The edited popularity, three decimals, at least 0.6, never that of the version before.
    func popularity(from base: Double) -> Double {
        let baseThousandths = Int((base * 1_000).rounded())
        var thousandths = max(600, Int((Double(baseThousandths) * popularityFactor).rounded()))
        if (thousandths - baseThousandths - version) & 1 != 0 { thousandths += 1 }
        return Double(thousandths) / 1_000
    }

    /// The base votes plus about three per version: grows with every version.
    func voteCount(from base: Int) -> Int {
        base + votesAdded
    }

    /// A new average, 1.0 to 9.9 (there are votes now).
    var voteAverage: Double {
        Double(voteAverageTenths) / 10
    }

    /// `movie` with this edit's popularity, votes, title and overview: what its list and discover items and its
    /// details show of the edit.
    func edited(_ movie: SandboxMovie) -> SandboxMovie {
        var edited = movie
        edited.popularity = popularity(from: movie.popularity)
        edited.voteCount = voteCount(from: movie.voteCount)
        edited.voteAverage = voteAverage
        edited.title = title(from: movie.title)
        edited.overview = overview(from: movie.overview)
        return edited
    }

    /// `show` with this edit's popularity, votes, name and overview.
    func edited(_ show: SandboxShow) -> SandboxShow {
        var edited = show
        edited.popularity = popularity(from: show.popularity)
        edited.voteCount = voteCount(from: show.voteCount)
        edited.voteAverage = voteAverage
        edited.name = title(from: show.name)
        edited.overview = overview(from: show.overview)
        return edited
    }

    /// The edited runtime.
    func runtime(from base: Int?) -> Int? {
        guard runtimeDelta != 0 else { return base }
        guard let base, base > 0 else { return 90 + runtimeDelta }
        return max(1, base + runtimeDelta)
    }

    /// The edited title.
    func title(from base: String) -> String {
        titleSuffix.map { base + $0 } ?? base
    }

    /// The edited overview.
    func overview(from base: String) -> String {
        guard let overviewAddition else { return base }
        return base.isEmpty ? overviewAddition : base + " " + overviewAddition
    }

    /// -3 to -1 or 1 to 3.
    private static func smallDelta(_ random: inout SplitMix64) -> Int {
        let magnitude = 1 + Int(random.next() % 3)
        return random.next() % 2 == 0 ? magnitude : -magnitude
    }

    private static let purpose: UInt64 = 0x5245_5649_5349_4F4E
    private static let titleSuffixes = [
        " (Director's Cut)", ": Extended Edition", " (Remastered)", ", Part One", " — Redux", " \"Reloaded\"",
    ]
    private static let overviewAdditions = [
        "Based on a true story.", "Restored in 4K from the original negative.", "Now with a new ending.",
        "Winner of three festival awards, including \"Best Debut\".",
    ]
    private static let taglines = [
        "Some secrets never stay buried.", "One night. One chance.", "The legend returns.", "",
        "Based on the \"untold\" story.",
    ]
}
