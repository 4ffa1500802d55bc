// transport-bench URL_FILE CONCURRENCY
//
// Fetches every URL in URL_FILE (one per line) through the tool's own CurlTransport, CONCURRENCY at a time, and
// discards the bodies: the transport alone, without the exporter around it, for bench/transport to set against
// `curl --parallel` and bare URLSession (bench/urlsession-floor) on the same URLs. A sliding window of child tasks,
// as the exporter sends. A bearer token for the sandbox may be given in BENCH_BEARER (never printed).
//
// Prints "<transfers> transfers, <bytes> bytes, <seconds> s" (first request to last completion, monotonic clock);
// exits 1 with a one-line error if any transfer fails or answers other than 200.
import Foundation
import HTTPClient

let arguments = CommandLine.arguments
guard arguments.count == 3, let concurrency = Int(arguments[2]), concurrency > 0,
    let text = try? String(contentsOfFile: arguments[1], encoding: .utf8)
else {
    FileHandle.standardError.write(Data("usage: transport-bench URL_FILE CONCURRENCY\n".utf8))
    exit(2)
}
let urls = text.split(separator: "\n").compactMap { URL(string: String($0)) }
var headers: [String: String] = [:]
if let bearer = ProcessInfo.processInfo.environment["BENCH_BEARER"] { headers["Authorization"] = "Bearer \(bearer)" }
let requestHeaders = headers

struct Failure: Error, CustomStringConvertible {
    var description: String
}

let transport = CurlTransport(maximumConnectionsPerHost: concurrency, maximumBodyBytes: 16 << 20)
let start = ContinuousClock.now
do {
    let bytes = try await withThrowingTaskGroup(of: Int.self) { group in
        var pending = urls.makeIterator()
        func send(_ url: URL) {
            group.addTask {
                let response = try await transport.send(HTTPRequest(url: url, headers: requestHeaders))
                guard response.status == 200 else { throw Failure(description: "HTTP \(response.status) for \(url)") }
                return response.body.count
            }
        }
        for _ in 0..<concurrency {
            guard let url = pending.next() else { break }
            send(url)
        }
        var total = 0
        while let count = try await group.next() {
            total += count
            if let url = pending.next() { send(url) }
        }
        return total
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("\(urls.count) transfers, \(bytes) bytes, \(String(format: "%.6f", seconds)) s")
} catch {
    FileHandle.standardError.write(Data("transport-bench: \(error)\n".utf8))
    exit(1)
}
