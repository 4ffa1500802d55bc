import Dispatch
import Foundation
import HTTPClient
import RunStore
import Synchronization
import TestSupport
import Testing

@testable import Exporter

// The limit catches a deadlock, not slowness: in the whole suite on a loaded 2-core machine one minute was once too short.
@Suite("Downloading and saving posters", .timeLimit(.minutes(15)))
struct PosterDownloadTests {
    /// A stub image CDN: answers every poster with a tiny whole JPEG, and notes how many posters the store held
    /// when each request arrived.
    final class ImageCDN: HTTPTransport {
        let store: PosterStore
        let savedAtArrival = Mutex<[Int]>([])
        /// Each ends once that many requests have arrived.
        let secondArrived: AsyncStream<Void>
        let thirdArrived: AsyncStream<Void>
        private let arrived: [AsyncStream<Void>.Continuation]

        init(store: PosterStore) {
            self.store = store
            let second = AsyncStream<Void>.makeStream()
            let third = AsyncStream<Void>.makeStream()
            (secondArrived, thirdArrived) = (second.stream, third.stream)
            arrived = [second.continuation, third.continuation]
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: store.directory)) ?? []
            let saved = names.filter { !AtomicFileWriter.isTemporaryName($0) }.count
            let count = savedAtArrival.withLock {
                $0.append(saved)
                return $0.count
            }
            if (2...3).contains(count) { arrived[count - 2].finish() }
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "image/jpeg"],
                body: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0xFF, 0xD9]))
        }
    }

    /// A poster store in `folder`, the stub CDN, and an image client sending at most `concurrency` requests at once.
    static func cdn(in folder: TemporaryDirectory, concurrency: Int) throws -> (PosterStore, ImageCDN, APIClient) {
        let store = PosterStore(layout: OutputLayout(root: folder.path, jobName: "p"), size: "w92")
        try store.prepare()
        let cdn = ImageCDN(store: store)
        let client = APIClient(
            baseURL: URL(string: "https://image.invalid/t/p/")!, credentials: nil, transport: cdn,
            maximumInFlight: concurrency)
        return (store, cdn, client)
    }

    @Test(
        "a poster holds its slot until its file is saved: fetched posters not yet on disk never outnumber the concurrency"
    )
    func slotHeldUntilSaved() async throws {
        let folder = try TemporaryDirectory(prefix: "posters")
        defer { folder.remove() }
        let (store, cdn, client) = try Self.cdn(in: folder, concurrency: 2)
        let download = PosterDownload(store: store, concurrency: 2)
        // The write lane stays busy until the gate opens, as behind a slow disk.
        let gate = DispatchSemaphore(value: 0)
        let (busy, laneTaken) = AsyncStream<Void>.makeStream()
        async let blocker: Void = download.writes.run {
            laneTaken.yield()
            gate.wait()
        }
        for await _ in busy { break }

        let files = (1...5).map { "poster\($0).jpg" }
        async let outcomes = withTaskGroup(of: PosterOutcome?.self) { group in
            for file in files { group.addTask { await download.fetch(file, from: client) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // The disk stays stuck until two posters are fetched and the three others wait for a slot, or, should a slot
        // come free before its poster is saved, until a third poster is fetched.
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in cdn.secondArrived {}
                try? await download.slots.waitUntilWaiting(3)
            }
            group.addTask { for await _ in cdn.thirdArrived {} }
            await group.next()
            group.cancelAll()
        }
        gate.signal()
        await blocker

        #expect(Set(await outcomes) == Set(files.map { PosterOutcome.downloaded(file: $0) }))
        #expect(files.allSatisfy(store.isPresent))
        // The n-th request (from 0) went out only once n - 1 posters were on disk.
        let saved = cdn.savedAtArrival.withLock { $0 }
        #expect(saved.count == 5)
        for (index, count) in saved.enumerated() {
            #expect(count >= index - 1, "request \(index) went out with only \(count) posters saved: \(saved)")
        }
    }

    @Test("a poster waiting for a slot when the client stops is never sent")
    func stoppedWhileWaiting() async throws {
        let folder = try TemporaryDirectory(prefix: "posters")
        defer { folder.remove() }
        let (store, cdn, client) = try Self.cdn(in: folder, concurrency: 1)
        client.stopSending()

        let outcome = await PosterDownload(store: store, concurrency: 1).fetch("poster.jpg", from: client)

        #expect(outcome == nil)
        #expect(cdn.savedAtArrival.withLock { $0 }.isEmpty)
        #expect(!store.isPresent("poster.jpg"))
    }
}
