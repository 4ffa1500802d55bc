import Foundation

/// FNV-1a, 64-bit: a fast, non-cryptographic checksum. The page cache stores one with each page so that a record
/// torn or damaged by a crash is recognised and fetched again instead of being trusted. (SHA-256 would do the same
/// job at many times the cost; nothing here defends against tampering.)
package enum FNV1a64 {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The checksum of `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The checksum of `bytes`.
    package static func hash(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }
}
