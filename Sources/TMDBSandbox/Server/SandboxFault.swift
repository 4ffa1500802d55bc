/// A fault the sandbox injected into one response, as recorded in ``SandboxRequestRecord/fault``.
public enum SandboxFault: String, Sendable, CaseIterable {
    /// 429 from ``SandboxFaultPlan/rateLimit``.
    case rateLimited
    /// 500, 502 or 503 from ``SandboxFaultPlan/serverErrorRate``.
    case serverError
    /// Full `Content-Length`, half the body, then a closed connection, from ``SandboxFaultPlan/truncatedBodyRate``.
    case truncatedBody
    /// 200 with invalid JSON from ``SandboxFaultPlan/malformedJSONPages``.
    case malformedJSON
    /// 200 with three damaged items from ``SandboxFaultPlan/damagedItemPages``.
    case damagedItems
    /// 200 `text/html` instead of a poster, from ``SandboxFaultPlan/htmlPosterRate``.
    case htmlPoster
    /// 200 with a gzip bomb, from ``SandboxFaultPlan/gzipBombPages``.
    case gzipBomb
    /// 200 with a chunked body of 2 GiB, from ``SandboxFaultPlan/hugePages``.
    case hugeBody
    /// 500 on a details request of an id in ``SandboxFaultPlan/failingIDs``.
    case failingID
    /// 200 with a details body over the answer cap, for an id in ``SandboxFaultPlan/oversizedIDs``.
    case oversizedID
    /// A change-feed page whose `total_pages` or `page` lies, from ``SandboxFaultPlan/changeFeedFault``.
    case changeFeedLength
}
