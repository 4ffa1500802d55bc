/// The life of one person slot after the evolution epoch, drawn from the slot alone: when it was born (step 0 for
/// the base people), when it dies (a `deathday` appears) and when it is removed (gone from the export, 404 from the
/// details), if ever. Removal and death land in the person change feed on their step, as does birth.
struct PersonLife: Equatable {
    /// The step the person appeared on: 0 for the base people.
    let birthStep: Int
    /// The step a `deathday` appears on, if the person dies after the epoch.
    let deathStep: Int?
    /// The step the person leaves the export and answers 404 from, if ever.
    let removalStep: Int?
    /// Dead before the epoch: a `deathday` from the start.
    let diedBeforeEpoch: Bool

    init(slot: Int, baseCount: Int, birthsPerDay: Int) {
        birthStep = slot < baseCount ? 0 : 1 + (slot - baseCount) / birthsPerDay
        var random = SplitMix64(seed: Self.seed, stream: UInt64(slot))
        diedBeforeEpoch = random.next() % 10 == 0
        // About 180 in 10,000 of the living die within 180 days, 90 in 10,000 are removed within 90: a few a day.
        let death = random.next()
        deathStep = !diedBeforeEpoch && death % 10_000 < 180 ? birthStep + 1 + Int(death / 10_000 % 180) : nil
        let removal = random.next()
        removalStep = removal % 10_000 < 90 ? birthStep + 1 + Int(removal / 10_000 % 90) : nil
    }

    /// Whether the person is in the export of `step` (born, not removed).
    func isListed(at step: Int) -> Bool {
        birthStep <= step && removalStep.map { step < $0 } ?? true
    }

    /// Whether the person has died by `step` (a `deathday` in the details).
    func isDead(at step: Int) -> Bool {
        diedBeforeEpoch || deathStep.map { $0 <= step } ?? false
    }

    /// Whether the person change feed lists the person on `step` (1 or later): born, died or removed that day.
    func isInFeed(on step: Int) -> Bool {
        step > 0 && (birthStep == step || deathStep == step || removalStep == step)
    }

    private static let seed: UInt64 = 0x5045_524C_4946_45
}
