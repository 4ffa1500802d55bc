/// The life of one person slot after the evolution epoch, drawn from the slot (and, for a merge, its pair's) alone:
/// when it was born (step 0 for the base people), when it dies (a `deathday` appears), when it is removed (gone from
/// the export, 404 from the details) and whether it merges into another person or another into it (``PersonMerge``),
/// if ever. Birth, death, removal and merge land in the person change feed on their step.
struct PersonLife: Equatable {
    /// The step the person appeared on: 0 for the base people.
    let birthStep: Int
    /// The step a `deathday` appears on, if the person dies after the epoch.
    let deathStep: Int?
    /// The step the person leaves the export and answers 404 from, if ever, unless merged away before.
    let removalStep: Int?
    /// Dead before the epoch: a `deathday` from the start.
    let diedBeforeEpoch: Bool
    /// The merge of the person's pair, if it merges.
    let merge: PersonMerge?

    init(slot: Int, baseCount: Int, birthsPerDay: Int) {
        let (birthStep, removalStep) = Self.birthAndRemoval(slot, baseCount: baseCount, birthsPerDay: birthsPerDay)
        self.birthStep = birthStep
        self.removalStep = removalStep
        var random = SplitMix64(seed: Self.seed, stream: UInt64(slot))
        diedBeforeEpoch = random.next() % 10 == 0
        // About 180 in 10,000 of the living die within 180 days.
        let death = random.next()
        deathStep = !diedBeforeEpoch && death % 10_000 < 180 ? birthStep + 1 + Int(death / 10_000 % 180) : nil
        merge = PersonMerge(slot: slot, uncreditedCount: baseCount - PersonPool.count) {
            Self.birthAndRemoval($0, baseCount: baseCount, birthsPerDay: birthsPerDay)
        }
    }

    /// Whether the person is in the export of `step` (born, not removed, not merged away).
    func isListed(at step: Int) -> Bool {
        birthStep <= step && removalStep.map { step < $0 } ?? true && !isMergedAway(at: step)
    }

    /// Whether the person has died by `step` (a `deathday` in the details).
    func isDead(at step: Int) -> Bool {
        diedBeforeEpoch || deathStep.map { $0 <= step } ?? false
    }

    /// Whether the person was removed by `step` (and not merged away before).
    func isRemoved(at step: Int) -> Bool {
        removalStep.map { $0 <= step } ?? false && !isMergedAway(at: step)
    }

    /// Whether the person is a duplicate merged into another by `step`.
    func isMergedAway(at step: Int) -> Bool {
        merge.map { $0.isDuplicate && $0.step <= step } ?? false
    }

    /// The survivor's slot when the person has been merged into it by `step`.
    func survivor(at step: Int) -> Int? {
        isMergedAway(at: step) ? merge?.partner : nil
    }

    /// The slot of the duplicate merged into the person by `step`, if any.
    func mergedDuplicate(at step: Int) -> Int? {
        merge.flatMap { !$0.isDuplicate && $0.step <= step ? $0.partner : nil }
    }

    /// Whether the person change feed lists the person on `step` (1 or later): born, died, removed or merged (either
    /// side) that day; a duplicate's death or removal after its merge is nobody's news.
    func isInFeed(on step: Int) -> Bool {
        guard step > 0 else { return false }
        if birthStep == step || merge?.step == step { return true }
        return (deathStep == step || removalStep == step) && !isMergedAway(at: step)
    }

    /// The step the slot is born on, and the one it is removed on (merges aside), if ever: about 90 in 10,000 are
    /// removed within 90 days of their birth.
    private static func birthAndRemoval(
        _ slot: Int, baseCount: Int, birthsPerDay: Int
    ) -> (birthStep: Int, removalStep: Int?) {
        let birthStep = slot < baseCount ? 0 : 1 + (slot - baseCount) / birthsPerDay
        // The third draw of the slot's stream, after the two of `diedBeforeEpoch` and the death.
        var random = SplitMix64(seed: seed, stream: UInt64(slot))
        _ = (random.next(), random.next())
        let removal = random.next()
        return (birthStep, removal % 10_000 < 90 ? birthStep + 1 + Int(removal / 10_000 % 90) : nil)
    }

    private static let seed: UInt64 = 0x5045_524C_4946_45
}
