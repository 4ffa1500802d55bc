/// SplitMix64: a tiny, fast, seedable generator, so every "random" choice of the sandbox is reproducible.
struct SplitMix64: RandomNumberGenerator {
    /// Where the sequence is: `SplitMix64(seed: state)` continues it from here.
    private(set) var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// Creates a generator for one stream (e.g. one request number) derived from a base seed.
    init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `0..<1` built from the top 53 bits.
    mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
