import CSHA256

/// SHA-256 (FIPS 180-4), incremental. Foundation on Linux has no CryptoKit and the project takes no packages,
/// so the manifest's file digests come from here; tests check it against the standard test vectors.
///
/// Whole blocks go to the CPU's SHA extensions where it has them (`CSHA256`, several times faster: the nightly
/// merge hashes gigabytes), else to the Swift rounds below. Whole blocks are hashed straight from the caller's
/// buffer, and the state lives inline, so an `update` per record allocates nothing.
package struct SHA256: Sendable {
    /// Asked once per process: the CPU does not change.
    package static let hardwareAvailable = csha256_hardware_available() != 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The working hash a…h, the layout `csha256_compress_blocks` takes.
    private var state: InlineArray<8, UInt32> = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// An unfinished block: its first `pendingCount` bytes.
    private var pending = InlineArray<64, UInt8>(repeating: 0)
    private var pendingCount = 0
    private var length: UInt64 = 0
    package let usesHardware: Bool

    package init() { self.init(hardware: true) }

    /// With `hardware: false` the Swift rounds run even where the SHA extensions exist, so that the tests and
    /// bench/sha256 can compare the two.
    package init(hardware: Bool) { usesHardware = hardware && Self.hardwareAvailable }

    /// The digest of `bytes` as lower-case hex.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash = SHA256()
        hash.update(Array(bytes))
        return hash.finalizeHex()
    }

    /// Adds bytes to the hash.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var remaining = bytes.count
        if pendingCount > 0 {
            let take = min(64 - pendingCount, remaining)
            appendPending(next, count: take)
            next += take
            remaining -= take
            guard pendingCount == 64 else { return }
            compressPending()
        }
        let blocks = remaining / 64
        if blocks > 0 {
            compress(next, blocks: blocks)
            next += blocks * 64
            remaining -= blocks * 64
        }
        if remaining > 0 { appendPending(next, count: remaining) }
    }

    /// Adds bytes to the hash.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Finishes the hash and returns the 32-byte digest as lower-case hex.
    package mutating func finalizeHex() -> String {
        let bitLength = length &* 8
        pending[pendingCount] = 0x80
        for i in (pendingCount + 1)..<64 { pending[i] = 0 }
        if pendingCount >= 56 {
            compressPending()
            for i in 0..<56 { pending[i] = 0 }
        }
        for i in 0..<8 { pending[56 + i] = UInt8(truncatingIfNeeded: bitLength &>> UInt64(56 - 8 * i)) }
        compressPending()
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 64) { text in
            for i in 0..<64 {
                let nibble = (state[i / 8] &>> UInt32(28 - 4 * (i % 8))) & 0xF
                text[i] = digits.utf8Start[Int(nibble)]
            }
            return 64
        }
    }

    private mutating func appendPending(_ bytes: UnsafeRawPointer, count: Int) {
        let offset = pendingCount
        var block = pending.mutableSpan
        block.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: offset).copyMemory(from: bytes, byteCount: count) }
        pendingCount += count
    }

    private mutating func compressPending() {
        let block = pending
        block.span.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
        pendingCount = 0
    }

    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        let hardware = usesHardware
        var words = state.mutableSpan
        words.withUnsafeMutableBufferPointer { words in
            if hardware {
                csha256_compress_blocks(words.baseAddress!, data.assumingMemoryBound(to: UInt8.self), blocks)
            } else {
                Self.compressInSwift(words.baseAddress!, data, blocks: blocks)
            }
        }
    }

    private static func compressInSwift(_ state: UnsafeMutablePointer<UInt32>, _ data: UnsafeRawPointer, blocks: Int) {
        // The fallback, once per 64 bytes of every file written: the schedule lives on the stack, the state in
        // locals, the rounds unrolled eight at a time so the working variables rotate by renaming instead of moves,
        // and every shift masks its count (`&>>`, `&<<`) so that none pays for Swift's over-shift checks.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            k.withUnsafeBufferPointer { k in
                for blockIndex in 0..<blocks {
                    let block = data + blockIndex &* 64
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let w15 = w[i &- 15]
                        let w2 = w[i &- 2]
                        let s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 &>> 3)
                        let s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 &>> 10)
                        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                    }
                    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
                    var (e, f, g, h) = (state[4], state[5], state[6], state[7])
                    @inline(__always) func round(
                        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
                        _ g: UInt32, _ h: inout UInt32, _ i: Int
                    ) {
                        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                        d = d &+ t1
                        h = t1 &+ t2
                    }
                    var i = 0
                    while i < 64 {
                        round(a, b, c, &d, e, f, g, &h, i)
                        round(h, a, b, &c, d, e, f, &g, i &+ 1)
                        round(g, h, a, &b, c, d, e, &f, i &+ 2)
                        round(f, g, h, &a, b, c, d, &e, i &+ 3)
                        round(e, f, g, &h, a, b, c, &d, i &+ 4)
                        round(d, e, f, &g, h, a, b, &c, i &+ 5)
                        round(c, d, e, &f, g, h, a, &b, i &+ 6)
                        round(b, c, d, &e, f, g, h, &a, i &+ 7)
                        i &+= 8
                    }
                    state[0] &+= a
                    state[1] &+= b
                    state[2] &+= c
                    state[3] &+= d
                    state[4] &+= e
                    state[5] &+= f
                    state[6] &+= g
                    state[7] &+= h
                }
            }
        }
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }
}
