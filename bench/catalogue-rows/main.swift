// catalogue-rows [PASSES] [MOVIES]
//
// The CPU cost of the catalogue's details → rows step alone: `CatalogueRowEncoder.rows(fromDetails:)` over a
// realistic ~32 KB movie answer (bench/catalogue-rows/MovieBody.swift), every movie table, CSV and NDJSON, the
// compacted details line. PASSES passes (default 7) of MOVIES encodes (default 2,000) each, timed with the
// process's CPU clock; prints each pass, then the median in µs per movie and s per 10,000 movies, and a digest of
// every byte produced, which must not change when the encoder gets faster. Build with `-c release`.
import Exporter
import Foundation
import TMDBAPI

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let passes = arguments.first ?? 7
let movies = arguments.dropFirst().first ?? 2_000

let bodies = (0..<16).map { MovieBody.make(id: 550 + $0) }
let encoder = CatalogueRowEncoder(
    type: .movie, appending: Set(AppendedResource.supported(by: .movie)), csv: true, ndjson: true)

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// FNV-1a over every byte of one answer's rows, so that a faster encoder can be shown to write the same files.
func digest(_ rows: CatalogueRows, into hash: inout UInt64) {
    func mix(_ bytes: [UInt8]) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }
    for table in rows.tables {
        mix(table.csv)
        mix(table.ndjson)
    }
    mix(rows.details)
}

let freshness = RowFreshness(popularity: 12.5, fetchedAt: "2026-11-26T02:00:00Z")
var hash: UInt64 = 0xcbf2_9ce4_8422_2325
for body in bodies {
    let rows = try body.withUnsafeBytes { try encoder.rows(fromDetails: $0, freshness: freshness) }
    digest(rows, into: &hash)
}
let rowCount = try bodies[0].withUnsafeBytes { try encoder.rows(fromDetails: $0, freshness: freshness) }.tables.map(
    \.count
).reduce(0, +)
print("body \(bodies[0].count) bytes, \(rowCount) rows per movie, digest \(String(hash, radix: 16))")

var perMovie: [Double] = []
for pass in 1...passes {
    let start = cpuSeconds()
    var sink = 0
    for index in 0..<movies {
        let rows = try bodies[index % bodies.count].withUnsafeBytes {
            try encoder.rows(fromDetails: $0, freshness: freshness)
        }
        sink &+= rows.details.count
    }
    let microseconds = (cpuSeconds() - start) / Double(movies) * 1e6
    perMovie.append(microseconds)
    print("pass \(pass): \(String(format: "%.1f", microseconds)) µs per movie (\(sink) bytes)")
}
let median = perMovie.sorted()[perMovie.count / 2]
print("median \(String(format: "%.1f", median)) µs per movie, \(String(format: "%.2f", median / 100)) s per 10,000")
