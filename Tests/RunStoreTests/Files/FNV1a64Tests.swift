import Foundation
import Testing

@testable import RunStore

@Suite("FNV-1a 64")
struct FNV1a64Tests {
    @Test(
        "matches the published FNV-1a 64-bit test vectors",
        arguments: [
            ("", 0xcbf2_9ce4_8422_2325 as UInt64),
            ("a", 0xaf63_dc4c_8601_ec8c),
            ("foobar", 0x8594_4171_f739_67e8),
        ])
    func vectors(input: String, checksum: UInt64) {
        #expect(FNV1a64.hash(Data(input.utf8)) == checksum)
    }

    @Test("changes when a single bit of the input changes")
    func singleBit() {
        let body = Data(#"{"page":1,"results":[]}"#.utf8)
        var flipped = body
        flipped[5] ^= 0x01
        #expect(FNV1a64.hash(body) != FNV1a64.hash(flipped))
    }
}
