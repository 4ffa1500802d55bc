/// The universe on a given day: steps after the epoch, slots born by then, and each slot's state on a step.
extension SandboxCatalogueUniverse {
    /// Whether a slot is in the exports on a step, adult there, and how many times it has been edited.
    struct SlotState {
        var isListed: Bool
        var isAdult: Bool
        var version: Int
    }

    /// Days after ``evolutionEpoch``: 0 on the epoch, before it, and on every day when the universe does not evolve.
    func step(_ day: ExportDay) -> Int {
        evolves ? max(0, day.daysSinceEpoch - Self.evolutionEpoch.daysSinceEpoch) : 0
    }

    func day(ofStep step: Int) -> ExportDay {
        Self.evolutionEpoch.adding(days: step)
    }

    /// New ids a day: 0.05% of the configured size, at least one.
    func birthsPerDay(_ type: CatalogueMediaType) -> Int {
        max(1, idSpace(type).size / 2_000)
    }

    /// Slots that may exist on `step`: the configured ones on step 0, then those born up to it too (dead ones
    /// included, and, in a universe smaller than the list catalogue, list slots that are not in it).
    func slotCount(_ type: CatalogueMediaType, at step: Int) -> Int {
        let space = idSpace(type)
        return step == 0 ? space.size : space.bornSlotBase + step * birthsPerDay(type)
    }

    /// The slot of `id` when the id is in the exports on `step`.
    func slot(_ type: CatalogueMediaType, id: Int, at step: Int) -> Int? {
        listedSlot(type, id: id, at: step)?.slot
    }

    /// The slot of `id` and its state when the id is in the exports on `step`.
    func listedSlot(_ type: CatalogueMediaType, id: Int, at step: Int) -> (slot: Int, state: SlotState)? {
        guard let slot = idSpace(type).slot(id: id, slotCount: slotCount(type, at: step)) else { return nil }
        let state = state(type, slot: slot, at: step)
        return state.isListed ? (slot, state) : nil
    }

    func life(_ type: CatalogueMediaType, slot: Int) -> SlotLife {
        SlotLife(slot: slot, in: idSpace(type), birthsPerDay: birthsPerDay(type))
    }

    /// The state of a slot below ``slotCount(_:at:)`` on `step`; on step 0 as cheap as the static draws.
    func state(_ type: CatalogueMediaType, slot: Int, at step: Int) -> SlotState {
        let space = idSpace(type)
        if space.isListSlot(slot) || step == 0 {
            return SlotState(isListed: slot < space.size, isAdult: isAdult(type, slot: slot), version: 0)
        }
        let life = life(type, slot: slot)
        return SlotState(
            isListed: life.isListed(at: step), isAdult: life.isAdult(at: step), version: life.version(at: step))
    }
}
