import HTTPClient
import TMDBAPI

/// A request a run needs answered before it can write: the API's configuration (image base URL, poster sizes) or
/// the genre names of one kind of media.
enum SetupRequest: Sendable, Hashable {
    case configuration
    case genres(MediaType)

    /// What the job needs, in the order the requests go out and their failures are reported: `/configuration`,
    /// then one genre list per kind of media the job lists.
    static func needed(by job: Job) -> [SetupRequest] {
        let media = Set(job.requests.map(\.source.mediaType))
        return [.configuration] + [MediaType.movie, .tv].filter(media.contains).map { .genres($0) }
    }
}

/// A setup request's answer.
enum SetupAnswer: Sendable {
    case configuration(Result<APIConfiguration, ClientError>)
    case genres(Result<GenreList, ClientError>)

    var failure: ClientError? {
        switch self {
        case .configuration(let result): result.failure
        case .genres(let result): result.failure
        }
    }
}

/// What a run learns before it writes anything.
struct Setup: Sendable {
    var genreNames: [MediaType: [Int: String]]
    /// The client for the image CDN, when posters are on.
    var imageClient: APIClient?
}
