import CCurl
import Foundation
import Testing

@testable import HTTPClient

@Suite("Retry decisions, for every failure the client can see")
struct RetryDecisionTests {
    static let retriedStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The libcurl codes retried: what the network or the server may do differently next time. Every other code
    /// libcurl defines is not.
    static let retriedCurlCodes: Set<Int> = Set(
        [
            CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_WEIRD_SERVER_REPLY,
            CURLE_HTTP2, CURLE_PARTIAL_FILE, CURLE_OPERATION_TIMEDOUT, CURLE_SSL_CONNECT_ERROR, CURLE_GOT_NOTHING,
            CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_SSL_SHUTDOWN_FAILED, CURLE_NO_CONNECTION_AVAILABLE,
            CURLE_HTTP2_STREAM, CURLE_PROXY,
        ].map { Int($0.rawValue) })

    static let limits = CurlTransport.Limits(
        maximumConnectionsPerHost: 1, maximumBodyBytes: 1 << 20, maximumHeaderBytes: 1 << 16, lowSpeed: .standard)

    /// Every `CURLcode` this libcurl defines: 0 up to its `CURL_LAST` marker (100 in 7.88).
    static let curlCodes = Array(0..<Int(CURL_LAST.rawValue))

    /// Sends once through a client allowed two attempts, the first failing as `first` says; returns the attempts.
    func attempts(whenFirstAttempt first: ScriptedTransport.Step) async -> Int {
        let transport = ScriptedTransport([first, .respond(200, body: #"{"value": 1}"#)])
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            retryPolicy: RetryPolicy(maximumAttempts: 2), sleep: RecordingSleeper().sleep)
        _ = try? await client.send(EchoEndpoint(path: "x"))
        return transport.attempts
    }

    @Test("retries 408, 429, 500, 502, 503 and 504 and no other status from 100 to 599", arguments: 100...599)
    func everyStatus(status: Int) async {
        let decision = RetryPolicy.decision(forStatus: status)
        #expect(decision.retries == Self.retriedStatuses.contains(status), "\(status): \(decision)")
        #expect(!decision.reason.isEmpty)
        if !(200..<300).contains(status) {
            #expect(await attempts(whenFirstAttempt: .respond(status, body: "{}")) == (decision.retries ? 2 : 1))
        }
    }

    @Test("decides every libcurl code as CurlTransport reports it, by the code", arguments: curlCodes)
    func everyCurlCode(code: Int) async {
        let request = HTTPRequest(url: URL(string: "https://api.test/3/x?api_key=secret-value")!)
        let error = CurlFailure.transportError(
            CURLcode(rawValue: UInt32(code)), detail: "", request: request, limits: Self.limits,
            bytesReceived: 0)
        #expect(error.curlCode == code)
        #expect(!error.description.contains("secret-value"))
        let decision = RetryPolicy.decision(for: error)
        let retried = Self.retriedCurlCodes.contains(code)
        #expect(decision.retries == retried, "curl error \(code): \(decision)")
        #expect(RetryPolicy.curlCodeDecisions[code] == decision, "listed in the table, with its reason")
        #expect(!decision.reason.isEmpty)
        #expect(await attempts(whenFirstAttempt: .fail(error.kind, curlCode: code)) == (retried ? 2 : 1))
    }

    @Test("the table lists exactly every code this libcurl defines, and retries exactly the codes this test lists")
    func tableIsTheList() {
        #expect(Set(RetryPolicy.curlCodeDecisions.keys) == Set(Self.curlCodes))
        #expect(Set(RetryPolicy.retryableCurlCodes.keys) == Self.retriedCurlCodes)
        #expect(Set(RetryPolicy.retryableStatuses.keys) == Self.retriedStatuses)
    }

    @Test("does not retry a libcurl code this libcurl does not define")
    func unknownCode() {
        let url = URL(string: "http://x")!
        let error = TransportError(kind: .connectionLost, curlCode: 4242, url: url, reason: "")
        #expect(!RetryPolicy.decision(forCurlCode: 4242).retries)
        #expect(!RetryPolicy.decision(for: error).retries)
    }

    @Test(
        "decides a failure without a libcurl code by its kind",
        arguments: [
            (TransportError.Kind.timedOut, true), (.stalled, true), (.cannotConnect, true), (.connectionLost, true),
            (.badResponse, true), (.undecodableBody, false), (.responseTooLarge(limit: 10), false),
            (.redirectRefused, false), (.unsupportedURL, false), (.cancelled, false), (.other, false),
        ])
    func everyKind(kind: TransportError.Kind, retried: Bool) async {
        let decision = RetryPolicy.decision(for: TransportError(kind: kind, url: URL(string: "http://x")!, reason: ""))
        #expect(decision.retries == retried, "\(kind): \(decision)")
        #expect(!decision.reason.isEmpty)
        #expect(await attempts(whenFirstAttempt: .fail(kind)) == (retried ? 2 : 1))
    }

    @Test("lets the libcurl code decide when a transport's kind says otherwise")
    func codeOverKind() {
        let url = URL(string: "http://x")!
        let badURL = TransportError(kind: .cannotConnect, curlCode: 3, url: url, reason: "")
        let weirdReply = TransportError(kind: .other, curlCode: 8, url: url, reason: "")
        #expect(!RetryPolicy.decision(for: badURL).retries)
        #expect(RetryPolicy.decision(for: weirdReply).retries)
    }

    @Test(
        "decides every other reason a call can fail",
        arguments: [
            (ClientError.Reason.decoding("x", bodyPrefix: ""), true), (.unacceptableBody("html"), true),
            (.invalidURL("x"), false), (.cancelled, false), (.notSent, false),
        ])
    func everyReason(reason: ClientError.Reason, retried: Bool) {
        let decision = RetryPolicy.decision(for: reason)
        #expect(decision.retries == retried, "\(reason): \(decision)")
        #expect(!decision.reason.isEmpty)
    }
}
