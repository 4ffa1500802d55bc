/// TMDB merging a duplicate person record into another: the duplicate leaves the export and answers 404 from the
/// step of the merge, the survivor gains the duplicate's name in `also_known_as`, and the person feed lists both that
/// step.
///
/// Only people credited nowhere merge (slots from ``PersonPool/count`` on, born after the epoch included), so that no
/// title's credit ever names a merged-away person. They go in fixed pairs (the slots `2k` and `2k + 1` after the
/// pool), so a survivor finds its duplicate without a search. A pair merges on a step 1 to 100 days after the later of
/// the two births, unless either is removed by then, with a chance that makes about one merge a day whatever the
/// number of people credited nowhere (one pair in five of 1,000 people, one in 405 of 81,000), as TMDB's merges are
/// few among millions of people.
struct PersonMerge: Equatable {
    /// The step from which the duplicate is gone and the survivor carries its name.
    let step: Int
    /// The other slot of the pair.
    let partner: Int
    /// Whether this slot is the duplicate (gone from ``step``), else the survivor.
    let isDuplicate: Bool

    /// The merge of `slot`'s pair among `uncreditedCount` people credited nowhere (and those born later), if it
    /// merges; `life` draws a slot's birth and removal, merges aside.
    init?(slot: Int, uncreditedCount: Int, life: (Int) -> (birthStep: Int, removalStep: Int?)) {
        guard slot >= PersonPool.count else { return nil }
        let pair = (slot - PersonPool.count) / 2
        let first = PersonPool.count + 2 * pair
        var random = SplitMix64(seed: Self.seed, stream: UInt64(pair))
        // 100 merges in the first 100 days: a chance of 100 in the number of pairs, at most one in five.
        let chance = min(200_000, 100_000_000 / max(1, uncreditedCount / 2))
        guard random.next() % 1_000_000 < chance else { return nil }
        let (one, other) = (life(first), life(first + 1))
        let step = max(one.birthStep, other.birthStep) + 1 + Int(random.next() % 100)
        // A person removed by the day of the merge is not merged: removal comes first.
        guard one.removalStep.map({ $0 > step }) ?? true, other.removalStep.map({ $0 > step }) ?? true else {
            return nil
        }
        let duplicate = first + Int(random.next() % 2)
        self.step = step
        partner = slot == first ? first + 1 : first
        isDuplicate = slot == duplicate
    }

    private static let seed: UInt64 = 0x5045_524D_4552_4745
}
