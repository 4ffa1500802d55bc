import Foundation
import TMDBSandbox

// The sandbox's person answers, timed where the work happens: the first person request of a day (which builds the
// day's person→title index), then the details of credited and uncredited people with both appends.
// Usage: sandbox-people [MOVIES SERIES UNCREDITED]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let movies = arguments.count > 0 ? arguments[0] : 20_000
let series = arguments.count > 1 ? arguments[1] : 4_000
let titles = SandboxCatalogueUniverse(movieCount: movies, seriesCount: series, evolves: true)
let uncredited = arguments.count > 2 ? arguments[2] : SandboxPersonUniverse.defaultUncreditedCount
let people = SandboxPersonUniverse(titles: titles, uncreditedCount: uncredited)
let appendices = PersonAppendix.allCases
let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

/// CPU time of this thread, in milliseconds: on a shared machine, what the work cost rather than how long it waited.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1e6
}

func peakRSSMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1_024 } ?? 0
}

print("universe: \(movies) movies, \(series) series, \(uncredited) people credited nowhere")
let firstDay = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 5)
for (label, day) in [("day 5", firstDay), ("day 6", firstDay.adding(days: 1))] {
    let ids = people.ids(on: day, adult: false)
    let credited = ids.filter(SandboxPersonUniverse.isPoolPerson)
    let uncreditedIds = ids.filter { !SandboxPersonUniverse.isPoolPerson(id: $0) }
    var start = clock.now
    let cpu = cpuMilliseconds()
    _ = people.detailsBody(id: credited[0], on: day, appending: appendices)
    print(
        "\(label): first person request (makes the day's index): \(milliseconds(clock.now - start)) ms, CPU "
            + "\(cpuMilliseconds() - cpu) ms")
    for (kind, sample) in [
        ("credited", stride(from: 1, to: credited.count, by: 97).map { credited[$0] }),
        ("uncredited", Array(uncreditedIds.prefix(200))),
    ] {
        var slowest = 0.0
        var bytes = 0
        let all = clock.now
        let cpu = cpuMilliseconds()
        for id in sample {
            start = clock.now
            bytes += people.detailsBody(id: id, on: day, appending: appendices)?.count ?? 0
            slowest = max(slowest, milliseconds(clock.now - start))
        }
        let mean = milliseconds(clock.now - all) / Double(max(1, sample.count))
        let meanCPU = (cpuMilliseconds() - cpu) / Double(max(1, sample.count))
        print(
            "\(label): \(sample.count) \(kind) people: mean \(mean) ms (CPU \(meanCPU) ms), slowest \(slowest) ms, "
                + "mean body "
                + "\(bytes / max(1, sample.count)) bytes")
    }
}
print("peak RSS: \(peakRSSMegabytes()) MB")
