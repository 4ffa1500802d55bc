import Foundation
import Synchronization
import Testing

@testable import HTTPClient

@Suite("Bounding the requests in flight", .timeLimit(.minutes(15)))
struct InFlightLimitTests {
    @Test("grants at most its limit at once and hands freed slots to waiters in the order they came")
    func grantsInOrder() async throws {
        let limit = InFlightLimit(2)
        try await limit.acquire()
        try await limit.acquire()
        #expect(limit.holders == 2)
        let granted = GrantOrder()
        var waiters: [Task<Void, any Error>] = []
        for number in 1...3 {
            waiters.append(
                Task {
                    try await limit.acquire()
                    granted.numbers.withLock { $0.append(number) }
                })
            try await limit.waitUntilWaiting(number)
        }
        #expect(granted.numbers.withLock { $0 }.isEmpty, "nobody gets past a full limit")
        limit.release()
        try await waiters[0].value
        limit.release()
        try await waiters[1].value
        #expect(granted.numbers.withLock { $0 } == [1, 2])
        #expect(limit.waiting == 1)
        #expect(limit.holders == 2)
        limit.release()
        try await waiters[2].value
        limit.release()
        limit.release()
        #expect(limit.holders == 0)
    }

    @Test("a cancelled waiter leaves the queue holding nothing")
    func cancelledWaiter() async throws {
        let limit = InFlightLimit(1)
        try await limit.acquire()
        let waiter = Task { try await limit.acquire() }
        try await limit.waitUntilWaiting(1)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limit.waiting == 0)
        limit.release()
        #expect(limit.holders == 0, "the released slot went back to the pool, not to the cancelled waiter")
    }

    @Test("halting fails every waiter and every later acquire, while holders keep their slots")
    func halting() async throws {
        let limit = InFlightLimit(1)
        try await limit.acquire()
        let waiter = Task { try await limit.acquire() }
        try await limit.waitUntilWaiting(1)
        limit.halt()
        await #expect(throws: InFlightLimit.Halted.self) { try await waiter.value }
        await #expect(throws: InFlightLimit.Halted.self) { try await limit.acquire() }
        #expect(limit.holders == 1)
        limit.release()
        #expect(limit.holders == 0)
        await #expect(throws: InFlightLimit.Halted.self) { try await limit.acquire() }
    }

    @Test("stopSending leaves the requests waiting for a slot unsent, and every later one, in every copy of the client")
    func stopSending() async throws {
        let transport = ScriptedTransport([.respond(200, body: #"{"value": 1}"#)])
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport, maximumInFlight: 1)
        #expect(client.maximumInFlight == 1)
        let limit = try #require(client.inFlightLimit)
        // Hold the only slot so that the request has to wait for it.
        try await limit.acquire()
        let copy = client
        let waiting = Task { try await copy.send(EchoEndpoint(path: "waiting")) }
        try await limit.waitUntilWaiting(1)
        client.stopSending()
        let waitingError = await #expect(throws: ClientError.self) { try await waiting.value }
        #expect(waitingError?.reason == .notSent)
        let laterError = await #expect(throws: ClientError.self) { try await copy.send(EchoEndpoint(path: "later")) }
        #expect(laterError?.reason == .notSent)
        #expect(transport.attempts == 0)
        limit.release()
        #expect(limit.holders == 0)
    }

    @Test("a client without maximumInFlight has no bound and nothing to stop")
    func unbounded() async throws {
        let transport = ScriptedTransport([.respond(200, body: #"{"value": 1}"#)])
        let client = APIClient(baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport)
        #expect(client.maximumInFlight == nil)
        client.stopSending()
        #expect(try await client.send(EchoEndpoint(path: "x")).value == 1)
    }

    @Test("a 401 leaves the requests waiting for the client's slot unsent, and frees the slot")
    func clientHaltsOnUnauthorized() async throws {
        let transport = ScriptedTransport([.respond(401, body: #"{"status_message":"Invalid API key"}"#)])
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .bearerToken("secret-token"),
            transport: transport,
            retryPolicy: RetryPolicy(maximumAttempts: 3), maximumInFlight: 1)
        let limit = try #require(client.inFlightLimit)
        // Hold the only slot so that a second request has to wait for it.
        try await limit.acquire()
        let first = Task { try await client.send(EchoEndpoint(path: "first")) }
        try await limit.waitUntilWaiting(1)
        let second = Task { try await client.send(EchoEndpoint(path: "second")) }
        try await limit.waitUntilWaiting(2)
        limit.release()
        let firstError = await #expect(throws: ClientError.self) { try await first.value }
        #expect(firstError?.isAuthenticationFailure == true)
        let secondError = await #expect(throws: ClientError.self) { try await second.value }
        #expect(secondError?.reason == .notSent)
        #expect(transport.attempts == 1, "the waiting request never reached the transport")
        #expect(limit.holders == 0)
    }
}

/// The order in which waiting tasks were granted a slot.
private final class GrantOrder: Sendable {
    let numbers = Mutex<[Int]>([])
}
