import Foundation
@testable import HTTPClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Retry decisions, for every failure the client can see")
struct RetryDecisionTests {
    static let retriedStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Every `URLError.Code` swift-corelibs-foundation defines, and whether it is retried.
    static let urlErrorCodes: [(URLError.Code, retried: Bool)] = [
        (.unknown, true), (.timedOut, true), (.networkConnectionLost, true), (.cannotConnectToHost, true),
        (.cannotFindHost, true), (.dnsLookupFailed, true), (.notConnectedToInternet, true),
        (.secureConnectionFailed, true), (.badServerResponse, true), (.cannotParseResponse, true),
        (.zeroByteResource, true), (.resourceUnavailable, true), (.dataNotAllowed, true),
        (.internationalRoamingOff, true), (.callIsActive, true),
        (.cancelled, false), (.badURL, false), (.unsupportedURL, false), (.httpTooManyRedirects, false),
        (.redirectToNonExistentLocation, false), (.userCancelledAuthentication, false),
        (.userAuthenticationRequired, false), (.cannotDecodeRawData, false), (.cannotDecodeContentData, false),
        (.appTransportSecurityRequiresSecureConnection, false), (.fileDoesNotExist, false), (.fileIsDirectory, false),
        (.noPermissionsToReadFile, false), (.dataLengthExceedsMaximum, false), (.serverCertificateHasBadDate, false),
        (.serverCertificateUntrusted, false), (.serverCertificateHasUnknownRoot, false),
        (.serverCertificateNotYetValid, false), (.clientCertificateRejected, false),
        (.clientCertificateRequired, false), (.cannotLoadFromNetwork, false), (.cannotCreateFile, false),
        (.cannotOpenFile, false), (.cannotCloseFile, false), (.cannotWriteToFile, false), (.cannotRemoveFile, false),
        (.cannotMoveFile, false), (.downloadDecodingFailedMidStream, false),
        (.downloadDecodingFailedToComplete, false), (.requestBodyStreamExhausted, false),
        (.backgroundSessionRequiresSharedContainer, false), (.backgroundSessionInUseByAnotherProcess, false),
        (.backgroundSessionWasDisconnected, false),
    ]

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

    @Test("decides every URLError code as URLSessionTransport reports it, by the code", arguments: urlErrorCodes)
    func everyURLErrorCode(code: URLError.Code, retried: Bool) async {
        let error = URLSessionTransport.transportError(URLError(code), url: URL(string: "https://api.test/3/x")!)
        #expect(error.urlErrorCode == code.rawValue)
        let decision = RetryPolicy.decision(for: error)
        #expect(decision.retries == retried, "\(code) (\(code.rawValue)): \(decision)")
        #expect(RetryPolicy.urlErrorDecisions[code.rawValue] == decision, "listed in the table, with its reason")
        #expect(!decision.reason.isEmpty)
        #expect(await attempts(whenFirstAttempt: .fail(error.kind, urlErrorCode: code.rawValue)) == (retried ? 2 : 1))
    }

    @Test("the table lists exactly the codes this test lists")
    func tableIsTheList() {
        #expect(Set(RetryPolicy.urlErrorDecisions.keys) == Set(Self.urlErrorCodes.map(\.0.rawValue)))
        let retried = Self.urlErrorCodes.filter(\.retried).map(\.0.rawValue)
        #expect(Set(RetryPolicy.retryableURLErrorCodes.keys) == Set(retried))
        #expect(Set(RetryPolicy.retryableStatuses.keys) == Self.retriedStatuses)
    }

    #if canImport(FoundationNetworking)
        @Test("the list is every code this Foundation defines (URLError.Code is an enum on Linux)")
        func listIsComplete() {
            let defined = (-10_000...10_000).compactMap { URLError.Code(rawValue: $0) }
            #expect(Set(defined.map(\.rawValue)) == Set(Self.urlErrorCodes.map(\.0.rawValue)))
        }
    #endif

    @Test("does not retry a URLError code no Foundation defines")
    func unknownCode() {
        let url = URL(string: "http://x")!
        let error = TransportError(kind: .connectionLost, urlErrorCode: -4242, url: url, reason: "")
        #expect(!RetryPolicy.decision(forURLErrorCode: -4242).retries)
        #expect(!RetryPolicy.decision(for: error).retries)
    }

    @Test("decides a failure without a URLError code by its kind", arguments: [
        (TransportError.Kind.timedOut, true), (.cannotConnect, true), (.connectionLost, true),
        (.responseTooLarge(limit: 10), false), (.cancelled, false), (.other, false),
    ])
    func everyKind(kind: TransportError.Kind, retried: Bool) async {
        let decision = RetryPolicy.decision(for: TransportError(kind: kind, url: URL(string: "http://x")!, reason: ""))
        #expect(decision.retries == retried, "\(kind): \(decision)")
        #expect(!decision.reason.isEmpty)
        #expect(await attempts(whenFirstAttempt: .fail(kind)) == (retried ? 2 : 1))
    }

    @Test("lets the URLError code decide when a transport's kind says otherwise")
    func codeOverKind() {
        let url = URL(string: "http://x")!
        let badURL = TransportError(kind: .cannotConnect, urlErrorCode: -1000, url: url, reason: "")
        let badServerResponse = TransportError(kind: .other, urlErrorCode: -1011, url: url, reason: "")
        #expect(!RetryPolicy.decision(for: badURL).retries)
        #expect(RetryPolicy.decision(for: badServerResponse).retries)
    }

    @Test("decides every other reason a call can fail", arguments: [
        (ClientError.Reason.decoding("x", bodyPrefix: ""), true), (.unacceptableBody("html"), true),
        (.invalidURL("x"), false), (.cancelled, false), (.notSent, false),
    ])
    func everyReason(reason: ClientError.Reason, retried: Bool) {
        let decision = RetryPolicy.decision(for: reason)
        #expect(decision.retries == retried, "\(reason): \(decision)")
        #expect(!decision.reason.isEmpty)
    }
}
