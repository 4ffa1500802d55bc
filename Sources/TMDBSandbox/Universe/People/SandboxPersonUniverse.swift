/// Every person id the sandbox knows, as TMDB's `person_ids_MM_DD_YYYY.json.gz` lists them, consistent with the
/// titles of a ``SandboxCatalogueUniverse``: the ``PersonPool`` people (ids 1,000, 1,011, …, every 11), who are the
/// people of the titles' `credits` and `aggregate_credits`, then ``uncreditedCount`` people credited nowhere, then, in
/// an evolving universe, ``birthsPerDay`` new people a day above every existing id.
///
/// After the epoch, people die (a `deathday` appears on the day and the feed lists them), are removed (gone from
/// the export and 404 from that day, listed in the feed that day) and are born (``PersonLife``), and people credited
/// nowhere merge in pairs (``PersonMerge``: the duplicate leaves the export and answers 404, the survivor gains its
/// name in `also_known_as`, the feed lists both); `popularity` drifts every day with no feed entry. A person's
/// `combined_credits` hold exactly the credits the day's titles give them, with the same `credit_id`s; the feed does
/// **not** list a person whose credits moved because a title's did (TMDB does not document that it does), so a
/// consumer must derive those from the titles.
package struct SandboxPersonUniverse: Sendable {
    /// People credited nowhere, after the pool, unless told otherwise.
    package static let defaultUncreditedCount = 1_000
    /// New people a day after the epoch.
    package static let birthsPerDay = 3

    /// The titles whose credits name the people.
    package let titles: SandboxCatalogueUniverse
    /// People credited nowhere, after the pool: their details are drawn from their id alone, so they cost no index.
    package let uncreditedCount: Int
    let creditIndexes: PersonCreditIndexCache

    /// The people of `titles` and `uncreditedCount` people credited nowhere.
    package init(titles: SandboxCatalogueUniverse, uncreditedCount: Int = defaultUncreditedCount) {
        self.init(titles: titles, uncreditedCount: uncreditedCount, credits: PersonCreditIndexCache())
    }

    /// The people of `titles` and `uncreditedCount` people credited nowhere; `credits` keeps the person→title
    /// indexes built so far (one per day).
    init(
        titles: SandboxCatalogueUniverse, uncreditedCount: Int = defaultUncreditedCount, credits: PersonCreditIndexCache
    ) {
        self.titles = titles
        self.uncreditedCount = max(0, uncreditedCount)
        creditIndexes = credits
    }

    /// The people a server with these options serves.
    init(options: SandboxOptions, credits: PersonCreditIndexCache = PersonCreditIndexCache()) {
        self.init(
            titles: SandboxCatalogueUniverse(options: options), uncreditedCount: options.uncreditedPeople,
            credits: credits)
    }

    /// The people of the epoch: the pool, then those credited nowhere.
    var baseCount: Int { PersonPool.count + uncreditedCount }

    /// The name of the person export of `day`, e.g. `person_ids_05_15_2024.json.gz` (`adult_person_ids_…` when
    /// `adult`).
    package static func exportFileName(adult: Bool, on day: ExportDay) -> String {
        "\(adult ? "adult_" : "")person_ids_\(day.fileStamp).json.gz"
    }

    /// The ids of the person export of `day`, ascending: the adult ones when `adult`, else the others.
    /// Materializes the list: for tests.
    package func ids(on day: ExportDay, adult: Bool) -> [Int] {
        let step = titles.step(day)
        return (0..<slotCount(at: step)).filter {
            life(slot: $0).isListed(at: step) && PersonPool.person($0).adult == adult
        }.map(PersonPool.id)
    }

    /// Whether `id` is in the person export of `day` (so its details answer 200).
    package func contains(id: Int, on day: ExportDay) -> Bool {
        listedSlot(id: id, at: titles.step(day)) != nil
    }

    /// Whether `id` is one of the ``PersonPool`` people, whom the titles' credits name (credited nowhere on a day
    /// when none of that day's titles names them).
    package static func isPoolPerson(id: Int) -> Bool {
        let distance = id - PersonPool.id(0)
        return distance >= 0 && distance % 11 == 0 && distance / 11 < PersonPool.count
    }

    /// Whether `id` was a person once and is removed by `day` (its details answer 404).
    package func isRemoved(id: Int, on day: ExportDay) -> Bool {
        let step = titles.step(day)
        guard let slot = slot(id: id, at: step) else { return false }
        return life(slot: slot).isRemoved(at: step)
    }

    /// The id `id` was merged into by `day`, when it is a duplicate merged away (its details answer 404).
    package func survivor(ofMerged id: Int, on day: ExportDay) -> Int? {
        let step = titles.step(day)
        guard let slot = slot(id: id, at: step) else { return nil }
        return life(slot: slot).survivor(at: step).map(PersonPool.id)
    }

    /// The ids the person change feed lists on `day`, ascending: born, died, removed or merged (both sides) that day.
    package func changedIds(on day: ExportDay) -> [Int] {
        dailyChanges(at: titles.step(day)).entries.map(\.id).sorted()
    }

    /// The `deathday` of `id` on `day`: nil while alive (or not a listed person).
    package func deathday(id: Int, on day: ExportDay) -> String? {
        let step = titles.step(day)
        guard let slot = listedSlot(id: id, at: step) else { return nil }
        return PersonFacts(slot: slot, life: life(slot: slot), titles: titles).deathday(at: step)
    }

    /// The person's popularity on `day`, as the export line and the details carry it.
    package func popularity(id: Int, on day: ExportDay) -> Double? {
        let step = titles.step(day)
        return listedSlot(id: id, at: step).map { popularity(slot: $0, at: step) }
    }

    /// The credits `combined_credits` lists for `id` on `day`: (media type, title id, credit), movies then series,
    /// titles in id order, each title's credits in its body's order; nil for a 404.
    func credits(id: Int, on day: ExportDay) -> [(type: CatalogueMediaType, titleId: Int, creditId: String)]? {
        let step = titles.step(day)
        guard let slot = listedSlot(id: id, at: step) else { return nil }
        return titleCredits(slot: slot, at: step).flatMap { title in
            title.records.map { (title.type, title.id, $0.creditId) }
        }
    }

    /// The body of `/3/person/{id}?append_to_response=…` on `day`; nil for a 404.
    package func detailsBody(id: Int, on day: ExportDay, appending appendices: [PersonAppendix]) -> [UInt8]? {
        let step = titles.step(day)
        guard let slot = listedSlot(id: id, at: step) else { return nil }
        let facts = PersonFacts(slot: slot, life: life(slot: slot), titles: titles)
        let credits = appendices.contains(.combinedCredits) ? titleCredits(slot: slot, at: step) : []
        return PersonDetailsBody.render(
            facts, popularity: popularity(slot: slot, at: step), step: step, appending: appendices, credits: credits)
    }

    /// The feed of `step`: one pass over the slots that may exist that day, in an order shuffled by the day.
    func dailyChanges(at step: Int) -> DailyChanges {
        guard step > 0 else { return .none }
        var found: [(key: UInt64, entry: DailyChanges.Entry)] = []
        for slot in 0..<slotCount(at: step) where life(slot: slot).isInFeed(on: step) {
            let id = PersonPool.id(slot)
            var random = SplitMix64(seed: Self.feedSeed ^ UInt64(step), stream: UInt64(id))
            let key = random.next()
            let adult = random.next() % 10 == 0 ? nil : PersonPool.person(slot).adult
            found.append((key, DailyChanges.Entry(id: id, adult: adult)))
        }
        found.sort { $0.key < $1.key }
        return DailyChanges(entries: found.map(\.entry))
    }

    /// Slots that may exist on `step`: the base people, then those born up to it.
    func slotCount(at step: Int) -> Int {
        baseCount + step * Self.birthsPerDay
    }

    func life(slot: Int) -> PersonLife {
        PersonLife(slot: slot, baseCount: baseCount, birthsPerDay: Self.birthsPerDay)
    }

    /// The slot of `id` among those that may exist on `step`, listed or not.
    func slot(id: Int, at step: Int) -> Int? {
        let distance = id - PersonPool.id(0)
        guard distance >= 0, distance % 11 == 0, distance / 11 < slotCount(at: step) else { return nil }
        return distance / 11
    }

    /// The slot of `id` when the person is in the export of `step`.
    func listedSlot(id: Int, at step: Int) -> Int? {
        guard let slot = slot(id: id, at: step), life(slot: slot).isListed(at: step) else { return nil }
        return slot
    }

    /// The pool's popularity, times a factor within ±10% drawn from (id, step) after the epoch; three decimals.
    func popularity(slot: Int, at step: Int) -> Double {
        let base = PersonPool.person(slot).popularity
        guard step > 0 else { return base }
        var random = SplitMix64(seed: Self.driftSeed ^ (UInt64(step) &* 0x9E37_79B9_7F4A_7C15), stream: UInt64(slot))
        let factor = 1 + 0.1 * (2 * random.unitInterval() - 1)
        return (base * factor * 1_000).rounded() / 1_000
    }

    /// The person's credits on `step`, title by title; none for people beyond the pool.
    func titleCredits(slot: Int, at step: Int) -> [PersonCreditIndex.TitleCredits] {
        guard slot < PersonPool.count else { return [] }
        return creditIndexes.index(of: titles, at: step).credits(ofPerson: slot, in: titles, at: step)
    }

    private static let feedSeed: UInt64 = 0x5045_5246_4545_44
    private static let driftSeed: UInt64 = 0x5045_5244_5249_4654
}
