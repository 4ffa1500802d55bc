import Foundation
import HTTPClient
import Synchronization

/// A transport that plays a script of answers in order (the last one repeats) and counts attempts.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case respond(Int, headers: [String: String] = ["Content-Type": "application/json"], body: String)
        case fail(TransportError.Kind, curlCode: Int? = nil)
    }

    private let steps: [Step]
    private let count = Mutex(0)

    init(_ steps: [Step]) { self.steps = steps }

    var attempts: Int { count.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = count.withLock { count in
            defer { count += 1 }
            return min(count, steps.count - 1)
        }
        switch steps[index] {
        case .respond(let status, let headers, let body):
            return HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
        case .fail(let kind, let code):
            throw TransportError(kind: kind, curlCode: code, url: request.url, reason: "scripted failure")
        }
    }
}

/// Records the waits a client asks for instead of sleeping.
final class RecordingSleeper: Sendable {
    private let waits = Mutex<[Duration]>([])
    var recorded: [Duration] { waits.withLock { $0 } }
    var sleep: @Sendable (Duration) async throws -> Void { { duration in self.waits.withLock { $0.append(duration) } } }
}
