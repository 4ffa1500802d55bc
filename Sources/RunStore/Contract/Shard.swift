/// One of N parts of a catalogue, for runs split across machines: an id belongs to shard `id mod N`. The rule needs
/// nothing but the id, so every shard agrees on it without talking to the others, and TMDB's ids (dense enough, with
/// gaps that do not follow any period) spread evenly.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 0-based, below ``count``.
    public let index: Int
    public let count: Int

    /// Most shards a run may be split into.
    public static let maximumCount = 1_000

    /// A shard; nil unless `0 <= index < count <= maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`, e.g. `2/4`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public func contains(_ id: UInt32) -> Bool { Int(id) % count == index }

    /// The ids of `shard`; all of them without one.
    package static func keeping(_ ids: [UInt32], in shard: Shard?) -> [UInt32] {
        shard.map { shard in ids.filter(shard.contains) } ?? ids
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// The folder of the shard's runs under the job's folder: `shards/<I>-of-<N>`.
    package var folder: String { "shards/\(index)-of-\(count)" }
}
