/// TMDB's JSON error bodies, byte for byte where TMDB has one.
enum TMDBErrorBody {
    /// 401, status_code 7, in the key order TMDB uses for it.
    static let invalidAPIKey = bytes(
        #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#)
    /// 400, status_code 22: a page below 1 or not an integer.
    static let invalidPage = standard(
        22, "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.")
    /// 422: a list page above 500. Not the status 22 body TMDB's documentation gives for it, but what
    /// api.themoviedb.org has been recorded answering, a body without `status_code`.
    static let pageAboveMaximum = bytes(#"{"errors":["page must be less than or equal to 500"]}"#)
    /// 422, status_code 20: a change-feed window longer than 14 days (or ending before it starts).
    static let invalidDateRange = standard(20, "Invalid date range: Should be a range no longer than 14 days.")
    /// 400, status_code 23: a change-feed date that is not `YYYY-MM-DD`.
    static let invalidDate = standard(23, "Invalid date: Format needs to be YYYY-MM-DD.")
    /// 400, status_code 27: more than 20 items in `append_to_response`.
    static let tooManyAppendedObjects = standard(
        27, "Too many append to response objects: The maximum number of remote calls is 20.")
    /// 404, status_code 34.
    static let notFound = standard(34, "The resource you requested could not be found.")
    /// 422, status_code 5: TMDB's answer to parameters it cannot use; the sandbox sends it for an unknown `sort_by`
    /// or a filter value that is not a number, a boolean or a genre list.
    static let invalidParameters = standard(5, "Invalid parameters: Your request parameters are incorrect.")
    /// 429, status_code 25.
    static let rateLimited = standard(25, "Your request count (#) is over the allowed limit of (40).")

    /// The body of a server-error fault with this HTTP status.
    static func serverError(_ status: Int) -> [UInt8] {
        switch status {
        case 502: standard(43, "Couldn't connect to the backend server.")
        case 503: standard(9, "Service offline: This service is temporarily offline, try again later.")
        default: standard(11, "Internal error: Something went wrong, contact TMDB.")
        }
    }

    /// The sandbox's own body for statuses TMDB has no code for (405, malformed requests); status_code 0.
    static func sandbox(_ message: String) -> [UInt8] {
        standard(0, message)
    }

    /// `{"success":false,"status_code":…,"status_message":…}`.
    static func standard(_ code: Int, _ message: String) -> [UInt8] {
        var json = JSONBuffer()
        json.raw("{\"success\":false,\"status_code\":")
        json.int(code)
        json.raw(",\"status_message\":")
        json.string(message)
        json.raw("}")
        return json.bytes
    }

    private static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }
}
