/// What happens to one generated slot of the universe after ``SandboxCatalogueUniverse/evolutionEpoch``, in *steps*
/// (days after the epoch; step 0 is the epoch and every day before it), drawn from the slot alone: every question
/// about a day is answered in O(1), without walking the days before it.
///
/// A configured slot exists from step 0; about 30% of them die on a step in 1...1000 (gone for good), and 5% of those
/// not adult from birth turn adult on a step in 1...1000 (unless dead by then). A slot past the configured ones is
/// born on step `1 + k / birthsPerDay` (k its rank among the born) and then lives for ever. Every slot not removed
/// since the export is edited every `period` steps (60 to 140), from a phase of its own, so about 1% of the
/// generated ids are edited on a day; its *version* on a step is the number of edit steps up to it.
struct SlotLife {
    /// First step on which the id exists: 0 for a configured slot.
    let birth: Int
    /// First step on which the id is gone; nil when it never dies.
    let death: Int?
    /// First step on which the id is adult, when it turns adult while alive; nil otherwise.
    let turnsAdult: Int?
    /// Adult on every step (the static 1%).
    let adultFromBirth: Bool
    /// Listed in the exports while alive, details 404 on every step (the static 0.5%); never edited.
    let removedSinceExport: Bool
    let period: Int
    let phase: Int

    /// The life of the generated `slot` (at least `space.listCount`) of `space`.
    init(slot: Int, in space: CatalogueIdSpace, birthsPerDay: Int) {
        adultFromBirth = Self.isAdultFromBirth(slot, in: space)
        removedSinceExport = Self.isRemovedSinceExport(slot, in: space)
        let cycle = space.draw(slot, Self.cyclePurpose)
        period = 60 + Int(cycle % 81)
        phase = Int((cycle >> 32) % UInt64(period))
        guard slot < space.size else {
            birth = 1 + (slot - space.bornSlotBase) / birthsPerDay
            death = nil
            turnsAdult = nil
            return
        }
        birth = 0
        let fate = space.draw(slot, Self.deathPurpose)
        let death = fate % 1_000 < 300 ? 1 + Int((fate >> 32) % 1_000) : nil
        self.death = death
        let flip = space.draw(slot, Self.adultPurpose)
        let flipStep = 1 + Int((flip >> 32) % 1_000)
        let flips = !adultFromBirth && flip % 100 < 5 && flipStep < death ?? Int.max
        turnsAdult = flips ? flipStep : nil
    }

    /// Whether the id is in the exports on `step`.
    func isListed(at step: Int) -> Bool {
        step >= birth && step < death ?? Int.max
    }

    /// Whether the id is adult on `step` (its last state when dead).
    func isAdult(at step: Int) -> Bool {
        adultFromBirth || step >= turnsAdult ?? Int.max
    }

    /// How many times the id has been edited up to `step`: 0 on every step up to the epoch.
    func version(at step: Int) -> Int {
        removedSinceExport ? 0 : (max(0, step) + phase) / period
    }

    /// Whether the change feed lists the id on `step` (1 or later): born, died, turned adult or edited that day.
    func isInFeed(on step: Int) -> Bool {
        if step == birth || step == death || step == turnsAdult { return step > 0 }
        return !removedSinceExport && step > birth && isListed(at: step) && (step + phase) % period == 0
    }

    /// The static 1% of generated ids adult from birth.
    static func isAdultFromBirth(_ slot: Int, in space: CatalogueIdSpace) -> Bool {
        space.draw(slot, staticAdultPurpose) % 100 == 0
    }

    /// The static 0.5% of generated ids removed since the export.
    static func isRemovedSinceExport(_ slot: Int, in space: CatalogueIdSpace) -> Bool {
        space.draw(slot, removedPurpose) % 200 == 0
    }

    private static let staticAdultPurpose: UInt64 = 0x4144_554C_54
    private static let removedPurpose: UInt64 = 0x5245_4D4F_5645_44
    private static let cyclePurpose: UInt64 = 0x4359_434C_45
    private static let deathPurpose: UInt64 = 0x4445_4154_48
    private static let adultPurpose: UInt64 = 0x5455_524E_5341_44
}
