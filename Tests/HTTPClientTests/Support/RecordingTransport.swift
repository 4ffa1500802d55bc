import Foundation
import HTTPClient
import Synchronization

/// A transport that records every request and answers from a closure.
final class RecordingTransport: HTTPTransport {
    private let requests = Mutex<[HTTPRequest]>([])
    private let answer: @Sendable (HTTPRequest) throws -> HTTPResponse

    init(answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.answer = answer
    }

    convenience init(status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: String)
    {
        self.init { _ in HTTPResponse(status: status, headers: headers, body: Data(body.utf8)) }
    }

    var sent: [HTTPRequest] { requests.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return try answer(request)
    }
}

/// A minimal endpoint for testing the client alone.
struct EchoEndpoint: Endpoint {
    struct Response: Decodable, Sendable, Equatable { var value: Int }
    var path: String
    var queryItems: [URLQueryItem] = []
}

/// An `errorMessage` for tests: the `status_message` of a JSON error body.
enum StatusMessage {
    @Sendable static func read(_ response: HTTPResponse) -> String? {
        struct Body: Decodable {
            var statusMessage: String?
            enum CodingKeys: String, CodingKey { case statusMessage = "status_message" }
        }
        return (try? JSONDecoder().decode(Body.self, from: response.body))?.statusMessage
    }
}
