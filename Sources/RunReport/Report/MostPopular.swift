/// The most popular rows seen so far, at most `limit`, most popular first; on equal popularity the row seen first
/// (the lower id, since tables are in id order) stays ahead.
package struct MostPopular {
    package let limit: Int
    package private(set) var entries: [(popularity: Double, tile: PosterTile)] = []

    package init(limit: Int) { self.limit = limit }

    package var tiles: [PosterTile] { entries.map(\.tile) }

    /// Whether a row this popular would be kept: asked first, so that most rows cost no ``PosterTile``.
    package func wouldKeep(_ popularity: Double) -> Bool {
        entries.count < limit || popularity > (entries.last?.popularity ?? -.infinity)
    }

    package mutating func offer(_ tile: PosterTile, popularity: Double) {
        guard wouldKeep(popularity) else { return }
        let place = entries.firstIndex { $0.popularity < popularity } ?? entries.count
        entries.insert((popularity, tile), at: place)
        if entries.count > limit { entries.removeLast() }
    }
}
