import Testing

@testable import RunStore

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "matches the FIPS 180-4 test vectors, in hardware and in Swift",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrst"
                    + "nopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ], [true, false])
    func vectors(input: (text: String, digest: String), hardware: Bool) {
        var hash = SHA256(hardware: hardware)
        hash.update(Array(input.text.utf8))
        #expect(hash.finalizeHex() == input.digest)
    }

    @Test("gives the same digest however the input is split")
    func incremental() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hash = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) {
            hash.update(Array(bytes[chunk..<min(chunk + 37, bytes.count)]))
        }
        #expect(hash.finalizeHex() == SHA256.hex(of: bytes))
    }

    @Test("hashes a million 'a's correctly, in hardware and in Swift", arguments: [true, false])
    func million(hardware: Bool) {
        var hash = SHA256(hardware: hardware)
        hash.update([UInt8](repeating: 0x61, count: 1_000_000))
        #expect(hash.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
