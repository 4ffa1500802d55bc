import Foundation
import HTTPClient
import TMDBAPI

/// The setup requests of a run: which are still to send, the answers so far, and, once all are in, the
/// ``Setup`` they make or the error that ends the run.
struct SetupProgress: Sendable {
    /// Where setup stands after an answer.
    enum State {
        case waiting
        case ready(Setup)
        /// Every answer is in, but the only failures are requests left unsent: the client was stopped, by a
        /// stop request or by a 401 whose own answer ends the run. Nothing more to do here.
        case halted(ClientError)
    }

    /// The requests in the order they go out and their failures are reported.
    let requests: [SetupRequest]
    private var unsent: ArraySlice<SetupRequest>
    private var answers: [SetupRequest: SetupAnswer] = [:]
    private let posters: Job.PosterSettings?
    /// Builds the image CDN's client from the image base URL `/configuration` gives.
    private let makeImageClient: @Sendable (URL) -> APIClient

    init(job: Job, posters: Job.PosterSettings?, makeImageClient: @escaping @Sendable (URL) -> APIClient) {
        requests = SetupRequest.needed(by: job)
        unsent = requests[...]
        self.posters = posters
        self.makeImageClient = makeImageClient
    }

    /// The next request to send, if any is left.
    mutating func next() -> SetupRequest? { unsent.popFirst() }

    /// Records an answer. Once all are in: the setup, or why the run cannot start.
    /// - Throws: for the first failure in request order that is not a request left unsent, rejected credentials,
    ///   an interruption or the setup failure; an invalid poster size; an image base URL that is not a URL, not
    ///   http(s), or a link-local or unspecified address.
    mutating func record(_ request: SetupRequest, _ answer: SetupAnswer) throws(ExportError) -> State {
        answers[request] = answer
        guard answers.count == requests.count else { return .waiting }
        if let failure = Self.reportedFailure(requests.map { answers[$0]?.failure }) {
            switch FailureDisposition(failure) {
            case .stopRun(let stop): throw stop
            case .notSent: return .halted(failure)
            case .itemFailed: throw .setup(failure)
            }
        }
        return .ready(try setup())
    }

    /// The setup failure to report, given each request's error (nil where it succeeded), in request order: the
    /// first that is not a request left unsent because another's 401 halted the client.
    static func reportedFailure(_ errors: [ClientError?]) -> ClientError? {
        let failures = errors.compactMap { $0 }
        return failures.first { $0.reason != .notSent } ?? failures.first
    }

    private func setup() throws(ExportError) -> Setup {
        var genres: [MediaType: [Int: String]] = [:]
        var configuration: APIConfiguration?
        for (request, answer) in answers {
            switch (request, answer) {
            case (.genres(let media), .genres(.success(let list))): genres[media] = list.namesByID
            case (.configuration, .configuration(.success(let found))): configuration = found
            default: break
            }
        }
        guard let posters else { return Setup(genreNames: genres, imageClient: nil) }
        guard let configuration else { preconditionFailure("setup is ready without /configuration") }
        return Setup(
            genreNames: genres,
            imageClient: try ImageBaseURL.client(from: configuration, posters: posters, make: makeImageClient))
    }
}
