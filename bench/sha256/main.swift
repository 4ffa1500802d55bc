import Foundation
// sha256 [MIB] [PIECE] [ROUNDS]
//
// SHA-256's throughput, the Swift rounds against the CPU's SHA extensions: MIB MiB (default 1024) of scrambled
// bytes fed to `SHA256.update` in pieces of PIECE bytes (default 1 MiB, the file-hashing loop's; ~400 is a
// catalogue row's), ROUNDS times each (default 3), the two alternating which goes first. Prints MB/s (10^6 bytes
// per second of wall time) per run and the median of each; stops if the two digests differ. Build with
// `-c release`.
import RunStore

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let mebibytes = arguments.first ?? 1024
let piece = arguments.dropFirst().first ?? 1 << 20
let rounds = arguments.dropFirst(2).first ?? 3
let total = mebibytes << 20

/// Scrambled bytes: what they are does not change SHA-256's speed.
let buffer = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37_79B9) &>> 11) }

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Hashes `total` bytes, cycling through the 1 MiB buffer one piece at a time.
func run(hardware: Bool) -> (megabytesPerSecond: Double, digest: String) {
    var hash = SHA256(hardware: hardware)
    let start = seconds()
    buffer.withUnsafeBytes { bytes in
        var done = 0
        var offset = 0
        while done < total {
            let count = min(piece, total - done, bytes.count - offset)
            hash.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
            done += count
            offset = (offset + count) % bytes.count
        }
    }
    let digest = hash.finalizeHex()
    return (Double(total) / (seconds() - start) / 1e6, digest)
}

let hardwareAvailable = SHA256().usesHardware
print("\(mebibytes) MiB in pieces of \(piece) bytes; SHA extensions: \(hardwareAvailable ? "yes" : "no")")
var rates: [Bool: [Double]] = [false: [], true: []]
var digests = Set<String>()
for round in 0..<rounds {
    for hardware in round % 2 == 0 ? [false, true] : [true, false] {
        let (rate, digest) = run(hardware: hardware)
        rates[hardware]!.append(rate)
        digests.insert(digest)
        let name = hardware ? "hardware" : "swift   "
        print("round \(round + 1) \(name) \(String(format: "%8.1f", rate)) MB/s \(digest)")
    }
}
guard digests.count == 1 else {
    print("the two paths gave different digests")
    exit(1)
}
for hardware in [false, true] {
    let sorted = rates[hardware]!.sorted()
    print("median \(hardware ? "hardware" : "swift   ") \(String(format: "%8.1f", sorted[sorted.count / 2])) MB/s")
}
