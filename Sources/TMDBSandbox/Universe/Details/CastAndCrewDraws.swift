/// The order in which a credits body draws its cast, then its crew, so that a list's delta leaves every other entry
/// as it was: dropped cast entries are still drawn from `random` (the crew after them stays the same), added ones
/// come from `added`, and so do added crew entries.
enum CastAndCrewDraws {
    /// Calls `body` with every entry listed, its place in its list (a cast entry's `order`) and the generator as it
    /// was before the entry was drawn.
    static func forEach<Credit>(
        castCount: Int, crewCount: Int, castDelta: Int, crewDelta: Int,
        random: inout SplitMix64, added: inout SplitMix64,
        drawCast: (inout SplitMix64) -> Credit, drawCrew: (inout SplitMix64) -> Credit,
        _ body: (_ credit: Credit, _ position: Int, _ start: SplitMix64) -> Void
    ) {
        for order in 0..<castCount {
            let start = random
            let credit = drawCast(&random)
            if order < castCount + castDelta { body(credit, order, start) }
        }
        for order in castCount..<(castCount + max(0, castDelta)) {
            let start = added
            body(drawCast(&added), order, start)
        }
        for index in 0..<(crewCount + min(0, crewDelta)) {
            let start = random
            body(drawCrew(&random), index, start)
        }
        for index in crewCount..<(crewCount + max(0, crewDelta)) {
            let start = added
            body(drawCrew(&added), index, start)
        }
    }
}
