import CSHA256
import Foundation
import TestSupport
import Testing

@testable import RunStore

@Suite("SHA-256 on the SHA extensions")
struct SHA256HardwareTests {
    @Test("is used exactly when /proc/cpuinfo lists sha_ni")
    func detection() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }
        let hasSHA = try #require(flags).split(separator: " ").contains("sha_ni")
        #expect((csha256_hardware_available() != 0) == hasSHA)
        #expect(SHA256().usesHardware == hasSHA)
        #expect(!SHA256(hardware: false).usesHardware)
    }

    @Test("agrees with the Swift rounds on every length up to 300 bytes, fed in random pieces")
    func shortInputs() {
        var random = SplitMix(seed: 15)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(digest(bytes, hardware: true, using: &random) == digest(bytes, hardware: false, using: &random))
        }
    }

    @Test(
        "agrees with the Swift rounds on large inputs, fed in random pieces",
        arguments: [4_096, 65_537, 1_048_576 + 63, 3_000_011])
    func largeInputs(length: Int) {
        var random = SplitMix(seed: UInt64(length))
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let hardware = digest(bytes, hardware: true, using: &random)
        #expect(hardware == digest(bytes, hardware: false, using: &random))
        #expect(hardware == SHA256.hex(of: bytes))
    }

    /// Feeds `bytes` in pieces of random sizes, empty ones and ones of several blocks among them.
    private func digest(_ bytes: [UInt8], hardware: Bool, using random: inout SplitMix) -> String {
        var hash = SHA256(hardware: hardware)
        bytes.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let limit = Bool.random(using: &random) ? 70 : 1_000
                let end = min(all.count, offset + Int.random(in: 0...limit, using: &random))
                hash.update(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        }
        return hash.finalizeHex()
    }
}
