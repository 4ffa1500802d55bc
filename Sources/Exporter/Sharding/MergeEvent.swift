/// What a merge tells its caller while it runs, besides its result.
public enum MergeEvent: Sendable {
    /// Staging runs that merges stopped before publishing left (`kill -9`, or a second signal), removed before this
    /// merge started, e.g. `["staging/20261127T020000Z"]`.
    case removedLeftovers([String])
    /// One table, state or delta file written into the merge's staging run (`staging/<id>`). Sent on the blocking
    /// file lane that wrote it, before that lane starts its next file: a handler that blocks holds the lane.
    case merged(file: String, staging: String)
}
