/// A fault the sandbox injected into one response, as recorded in ``SandboxRequestRecord/fault``.
public enum SandboxFault: String, Sendable, CaseIterable {
    /// 429 from ``SandboxOptions/rateLimit``.
    case rateLimited
    /// 500, 502 or 503 from ``SandboxOptions/serverErrorRate``.
    case serverError
    /// Full `Content-Length`, half the body, then a closed connection, from ``SandboxOptions/truncatedBodyRate``.
    case truncatedBody
    /// 200 with invalid JSON from ``SandboxOptions/malformedJSONPages``.
    case malformedJSON
    /// 200 with three damaged items from ``SandboxOptions/damagedItemPages``.
    case damagedItems
    /// 200 `text/html` instead of a poster, from ``SandboxOptions/htmlPosterRate``.
    case htmlPoster
    /// 200 with a gzip bomb, from ``SandboxOptions/gzipBombPages``.
    case gzipBomb
    /// 200 with a chunked body of 2 GiB, from ``SandboxOptions/hugePages``.
    case hugeBody
    /// 500 on a details request of an id in ``SandboxOptions/failingIDs``.
    case failingID
    /// 200 with a details body over the answer cap, for an id in ``SandboxOptions/oversizedIDs``.
    case oversizedID
    /// A change-feed page whose `total_pages` or `page` lies, from ``SandboxOptions/changeFeedFault``.
    case changeFeedLength
}
