extension SandboxCatalogueUniverse {
    /// The ids the change feed of `type` lists on `day`, ascending: born, removed, turned adult or edited that day.
    /// Empty up to the epoch and when the universe does not evolve. Scans the slots: for tests and small sizes.
    func changedIds(_ type: CatalogueMediaType, on day: ExportDay) -> [Int] {
        dailyChanges(type, at: step(day)).entries.map(\.id).sorted()
    }

    /// The feed of `type` on `step`, found by one pass over the generated slots that may exist that day; empty on
    /// step 0.
    func dailyChanges(_ type: CatalogueMediaType, at step: Int) -> DailyChanges {
        guard step > 0 else { return .none }
        let space = idSpace(type)
        let daySeed = Self.feedSeed ^ UInt64(day(ofStep: step).daysSinceEpoch)
        var found: [(key: UInt64, entry: DailyChanges.Entry)] = []
        let configured = space.listCount..<max(space.listCount, space.size)
        let born = space.bornSlotBase..<slotCount(type, at: step)
        for slots in [configured, born] {
            for slot in slots {
                let life = life(type, slot: slot)
                guard life.isInFeed(on: step) else { continue }
                let id = space.id(slot: slot)
                var random = SplitMix64(seed: daySeed, stream: UInt64(id))
                let key = random.next()
                let adult = random.next() % 10 == 0 ? nil : life.isAdult(at: step)
                found.append((key, DailyChanges.Entry(id: id, adult: adult)))
            }
        }
        found.sort { $0.key < $1.key }
        return DailyChanges(entries: found.map(\.entry))
    }

    private static let feedSeed: UInt64 = 0x4645_4544_4F52_4445
}
