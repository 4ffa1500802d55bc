/// How the slots `0..<size` of one media type map to sparse TMDB-like ids, and back, without a table.
///
/// The first `listCount` slots are the list catalogue's items, with their ids (`listFirstId + listStride × slot`).
/// Every later slot `listCount + q` takes the id `extraFirstId + extraStride × q + offset(q)`, where `offset(q)` is a
/// hash of `q` below `extraStride`: gaps of 1 to `2 × extraStride - 1` between ids, like TMDB's, and the inverse is
/// one division and one hash.
struct CatalogueIdSpace: Sendable, Hashable {
    /// How many ids exist.
    let size: Int
    /// Slots taken by the list catalogue (at most `size` of them are in the universe).
    let listCount: Int
    let listFirstId: Int
    let listStride: Int
    /// First id after the list catalogue's last one.
    let extraFirstId: Int
    let extraStride: Int
    /// Salt of every per-slot draw, so movies and series differ.
    let salt: UInt64

    /// The movies: the 10,400 list movies (ids 100, 107, …, 72,893), then ids from 72,900 on.
    /// Without `lists`, every slot is generated (ids from 72,900 on).
    static func movies(size: Int, lists: Bool = true) -> CatalogueIdSpace {
        CatalogueIdSpace(
            size: max(0, size), listCount: lists ? CatalogueGenerator.movieCount : 0, listFirstId: 100, listStride: 7,
            extraFirstId: 72_900, extraStride: 7, salt: 0x554E_4956_4D4F_5649)
    }

    /// The series: the 2,400 list shows (ids 80,001, 80,014, …, 111,188), then ids from 111,200 on.
    /// Without `lists`, every slot is generated (ids from 111,200 on).
    static func series(size: Int, lists: Bool = true) -> CatalogueIdSpace {
        CatalogueIdSpace(
            size: max(0, size), listCount: lists ? ShowGenerator.showCount : 0, listFirstId: ShowGenerator.firstId,
            listStride: ShowGenerator.idStride, extraFirstId: 111_200, extraStride: 13, salt: 0x554E_4956_5456)
    }

    /// The id of a slot in `0..<size`, or of a slot born later (``bornSlotBase`` on), whose ids follow on above.
    func id(slot: Int) -> Int {
        if slot < listCount { return listFirstId + listStride * slot }
        let extra = slot - listCount
        return extraFirstId + extraStride * extra + offset(extra)
    }

    /// The slot of an id, or nil when the id is not in the universe.
    func slot(id: Int) -> Int? {
        slot(id: id, slotCount: size)
    }

    /// The slot of an id among the first `slotCount` slots (list slots only below `size`), or nil.
    func slot(id: Int, slotCount: Int) -> Int? {
        if id < extraFirstId {
            let distance = id - listFirstId
            guard distance >= 0, distance % listStride == 0 else { return nil }
            let slot = distance / listStride
            return slot < min(listCount, size) ? slot : nil
        }
        let distance = id - extraFirstId
        let extra = distance / extraStride
        guard distance % extraStride == offset(extra), listCount + extra < slotCount else { return nil }
        return listCount + extra
    }

    /// The first slot of the ids born after the base day: past the configured ones and past every list slot, so
    /// that new ids are above every existing one, as TMDB's ids only grow.
    var bornSlotBase: Int {
        max(size, listCount)
    }

    /// Whether a slot is one of the list catalogue's items (whose details the list routes already serve).
    func isListSlot(_ slot: Int) -> Bool {
        slot < listCount
    }

    /// A hash of `(slot, purpose)`: the per-id draws (adult, removed, order) that must not depend on generation.
    func draw(_ slot: Int, _ purpose: UInt64) -> UInt64 {
        var random = SplitMix64(seed: salt ^ purpose, stream: UInt64(slot))
        return random.next()
    }

    private func offset(_ extra: Int) -> Int {
        Int(draw(extra, 0x4F46_4653_4554) % UInt64(extraStride))
    }
}
