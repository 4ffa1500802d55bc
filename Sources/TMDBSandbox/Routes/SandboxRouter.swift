import Foundation

/// A response and the delay to wait before sending it.
struct PlannedResponse: Sendable {
    /// What to send.
    var response: HTTPResponse
    /// ``SandboxFaultPlan/latency`` plus this request's share of the jitter.
    var delay: Duration
}

/// Turns a request head into a response: rate limit, authentication, routes, then the injected faults; logs it.
struct SandboxRouter: Sendable {
    let options: SandboxOptions
    let catalogue: SandboxCatalogue
    let ledger: RequestLedger
    /// The `/3/configuration` body, rendered at start for the bound port.
    let configuration: [UInt8]
    /// The change feeds' days computed so far, shared by every connection.
    let changeFeeds = ChangeFeedCache()
    /// The universe's discover orders computed so far, shared by every connection.
    let discoverOrders = DiscoverOrderCache()

    /// The person→title indexes of the person details built so far, shared by every connection.
    let personCredits = PersonCreditIndexCache()

    /// The catalogue universe of the export files and `/3/movie/{id}`, `/3/tv/{id}`: sizes from ``options``.
    var universe: SandboxCatalogueUniverse { SandboxCatalogueUniverse(options: options) }

    /// The people of ``universe``'s credits: the person export files and `/3/person/{id}`.
    var people: SandboxPersonUniverse { SandboxPersonUniverse(options: options, credits: personCredits) }

    private struct Outcome {
        var response: HTTPResponse
        var posterPath: String? = nil
        var fault: SandboxFault? = nil
    }

    /// Answers one parsed request and appends it to the log.
    func respond(to head: HTTPRequestHead) -> PlannedResponse {
        let target = RequestTarget(head.target)
        let isAPI = target.path == "/3" || target.path.hasPrefix("/3/")
        let isImage = target.path.hasPrefix("/t/p/")
        let isExport = target.path.hasPrefix(ExportFileName.directory)
        let ticket = ledger.ticket(rateLimited: isAPI)
        let draws = FaultDraws(seed: options.seed, request: ticket.number)
        var outcome: Outcome
        if let retryAfter = ticket.retryAfter {
            let headers = options.faults.retryAfterOn429 ? [("Retry-After", String(retryAfter))] : []
            outcome = Outcome(response: .json(429, TMDBErrorBody.rateLimited, headers: headers), fault: .rateLimited)
        } else if head.method != "GET" && head.method != "HEAD" {
            let message = "Method not allowed: the sandbox answers only GET and HEAD, not \(head.method)."
            outcome = Outcome(response: .json(405, TMDBErrorBody.sandbox(message), headers: [("Allow", "GET, HEAD")]))
        } else if isAPI {
            outcome = api(head, target, draws)
            if options.gzip, outcome.fault != .gzipBomb, outcome.fault != .hugeBody, Self.acceptsGzip(head) {
                outcome.response.body = Gzip.compress(outcome.response.body)
                outcome.response.headers.append(("Content-Encoding", "gzip"))
            }
            if options.chunked, outcome.response.streamedBody == nil, !outcome.response.truncatesBody {
                outcome.response.streamedBody = .pieces(of: outcome.response.body)
                outcome.response.body = []
            }
        } else if isImage {
            outcome = image(target, draws)
        } else if isExport {
            outcome = Outcome(response: exportFile(target))
        } else {
            outcome = Outcome(response: .json(404, TMDBErrorBody.notFound))
        }
        ledger.record(
            SandboxRequestRecord(
                method: head.method, path: target.rawPath, target: head.target, status: outcome.response.status,
                isPoster: isImage, posterPath: outcome.posterPath, fault: outcome.fault))
        let delay = options.faults.latency + options.faults.latencyJitter * draws.jitter
        return PlannedResponse(response: outcome.response, delay: delay)
    }

    /// Answers a request on a connection opened while its client already held
    /// ``SandboxFaultPlan/maximumConnectionsPerClient`` connections: 429 without `Retry-After`, then close, as TMDB's
    /// CDN does. Logged like any answer.
    func respond(toConnectionOverCap head: HTTPRequestHead) -> PlannedResponse {
        let target = RequestTarget(head.target)
        var response = HTTPResponse.json(429, TMDBErrorBody.rateLimited)
        response.closesConnection = true
        ledger.record(
            SandboxRequestRecord(
                method: head.method, path: target.rawPath, target: head.target, status: 429, isPoster: false,
                fault: .rateLimited))
        return PlannedResponse(response: response, delay: options.faults.latency)
    }

    /// Answers a request whose head could not be read, and logs it.
    func respond(toMalformed error: HTTPHeadError) -> PlannedResponse {
        var response = HTTPResponse.json(error.status, TMDBErrorBody.sandbox("Bad request: \(error)."))
        response.closesConnection = true
        ledger.record(
            SandboxRequestRecord(method: "", path: "", target: "", status: error.status, isPoster: false))
        return PlannedResponse(response: response, delay: options.faults.latency)
    }

    private func api(_ head: HTTPRequestHead, _ target: RequestTarget, _ draws: FaultDraws) -> Outcome {
        guard isAuthorized(head, target) else {
            return Outcome(response: .json(401, TMDBErrorBody.invalidAPIKey))
        }
        let today = ExportDay(options.now())
        let people = people
        guard
            let route = APIRoute(
                path: target.path, catalogue: catalogue, universe: universe, people: people, today: today)
        else {
            return Outcome(response: .json(404, TMDBErrorBody.notFound))
        }
        let answer = APIAnswer.answer(
            route, target, catalogue: catalogue, configuration: configuration, universe: universe, today: today,
            changeFeeds: changeFeeds, discoverOrders: discoverOrders, changeFeedFault: options.faults.changeFeedFault,
            changeFeedPageSize: options.changeFeedPageSize, people: people, hostileValues: options.faults.hostileValues)
        guard answer.status == 200 else {
            return Outcome(response: .json(answer.status, answer.body))
        }
        let detailsID = route.detailsID(in: catalogue)
        if let id = detailsID, options.faults.failingIDs.contains(id) {
            return Outcome(response: .json(500, TMDBErrorBody.serverError(500)), fault: .failingID)
        }
        if let id = detailsID, options.faults.oversizedIDs.contains(id) {
            return Outcome(
                response: .json(200, Self.padded(answer.body, to: options.faults.oversizedBodyBytes)),
                fault: .oversizedID)
        }
        var outcome = Outcome(response: .json(200, answer.body))
        if answer.liesAboutPages { outcome.fault = .changeFeedLength }
        if let page = answer.page, options.faults.damagedItemPages.contains(page) {
            outcome = Outcome(response: .json(200, DamagedItems.damage(answer.body)), fault: .damagedItems)
        }
        if let page = answer.page, options.faults.malformedJSONPages.contains(page) {
            var body = answer.body
            body.removeLast(body.count / 2)
            outcome = Outcome(response: .json(200, body), fault: .malformedJSON)
        }
        if let page = answer.page, options.faults.gzipBombPages.contains(page) {
            let response = HTTPResponse.json(200, Self.gzipBomb, headers: [("Content-Encoding", "gzip")])
            return Outcome(response: response, fault: .gzipBomb)
        }
        if let page = answer.page, options.faults.hugePages.contains(page) {
            var response = HTTPResponse.json(200, [])
            response.streamedBody = .repeating(
                Array(repeating: 0x20, count: 64 * 1_024), total: options.faults.hugeBodyBytes)
            return Outcome(response: response, fault: .hugeBody)
        }
        if draws.serverError < options.faults.serverErrorRate {
            let status = ledger.nextServerErrorStatus()
            return Outcome(response: .json(status, TMDBErrorBody.serverError(status)), fault: .serverError)
        }
        if draws.truncation < options.faults.truncatedBodyRate, head.method == "GET" {
            outcome.response.truncatesBody = true
            outcome.fault = .truncatedBody
        }
        return outcome
    }

    /// A JSON object `body` with a leading `"padding"` string member that brings it to `size` bytes: still valid JSON,
    /// only too large.
    static func padded(_ body: [UInt8], to size: Int) -> [UInt8] {
        guard body.first == UInt8(ascii: "{") else { return body }
        let prefix = Array(#"{"padding":""#.utf8)
        // `{}` has no member to put a comma before.
        let suffix = Array((body.dropFirst().first == UInt8(ascii: "}") ? #"""# : #"","#).utf8)
        let fill = max(0, size - (body.count - 1) - prefix.count - suffix.count)
        return prefix + [UInt8](repeating: UInt8(ascii: "x"), count: fill) + suffix + body.dropFirst()
    }

    /// Built on first use, in milliseconds, and kept for the process's life: 4 MiB.
    private static let gzipBomb = Gzip.bomb(mebibytes: 4_096)

    /// Whether the request accepts a gzip body (`Accept-Encoding` lists `gzip` without `q=0`).
    private static func acceptsGzip(_ head: HTTPRequestHead) -> Bool {
        guard let accepted = head.header("accept-encoding") else { return false }
        return accepted.lowercased().split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.replacingOccurrences(of: " ", with: "") }
            return parts.first == "gzip" && !parts.dropFirst().contains("q=0")
        }
    }

    private func isAuthorized(_ head: HTTPRequestHead, _ target: RequestTarget) -> Bool {
        if target.queryValue("api_key") == SandboxServer.apiKey { return true }
        guard let authorization = head.header("authorization") else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == "bearer"
            && parts[1].trimmingCharacters(in: .whitespaces) == SandboxServer.bearerToken
    }

    /// A daily ID export file, gzip streamed while generated; 404 for other files and days not published at
    /// ``SandboxOptions/now``. No credentials, no rate limit, as on `files.tmdb.org`.
    private func exportFile(_ target: RequestTarget) -> HTTPResponse {
        let name = target.path.dropFirst(ExportFileName.directory.count)
        if let file = PersonExportFileName(String(name)) { return personExportFile(file) }
        if let file = DimensionExportFileName(String(name)) { return dimensionExportFile(file) }
        guard let file = ExportFileName(String(name)) else { return Self.missingExportFile }
        let universe = universe
        return streamedExportFile(day: file.day) { share in
            let producer = ExportFileProducer(universe: universe, file: file, share: share)
            return { producer.next() }
        }
    }

    /// A daily person export file, as ``exportFile(_:)`` serves the title files.
    private func personExportFile(_ file: PersonExportFileName) -> HTTPResponse {
        let people = people
        return streamedExportFile(day: file.day) { share in
            let producer = PersonExportFileProducer(people: people, file: file, share: share)
            return { producer.next() }
        }
    }

    /// The export file of `day`, streamed from the producer `makeProducer` makes for the day's share of lines
    /// (``SandboxFaultPlan/exportLineShare``); TMDB's 404 before the day's file is published or once it is gone.
    private func streamedExportFile(
        day: ExportDay, _ makeProducer: @escaping @Sendable (Double) -> () -> [UInt8]?
    ) -> HTTPResponse {
        guard ExportAvailability.isPublished(day, now: options.now(), missingDays: options.faults.missingExportDays)
        else {
            return Self.missingExportFile
        }
        let share = options.faults.exportLineShare[day.isoDate] ?? 1
        var response = HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: [])
        response.streamedBody = BodyStream { makeProducer(share) }
        return response
    }

    /// What TMDB's file server answers for an export file it does not have.
    private static var missingExportFile: HTTPResponse {
        HTTPResponse(status: 404, headers: [("Content-Type", "application/xml")], body: Array(missingFileBody.utf8))
    }

    /// A daily keyword, company or network export: small, so compressed whole.
    private func dimensionExportFile(_ file: DimensionExportFileName) -> HTTPResponse {
        guard
            ExportAvailability.isPublished(file.day, now: options.now(), missingDays: options.faults.missingExportDays)
        else { return Self.missingExportFile }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/octet-stream")],
            body: Gzip.compress(DimensionExportLines.text(file.kind, on: file.day)))
    }

    /// What the file CDN answers for a file it does not have.
    private static let missingFileBody =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>NoSuchKey</Code>"
        + "<Message>The specified key does not exist.</Message></Error>"

    /// Whether `file` is the poster of a generated movie or series of the universe.
    private func isUniversePoster(_ file: String) -> Bool {
        guard let id = ImagePath.universeID(file) else { return false }
        let today = ExportDay(options.now())
        return universe.movieDetails(id: id, on: today)?.movie.posterPath == file
            || universe.series(id: id, on: today, catalogue: catalogue)?.posterPath == file
    }

    private func image(_ target: RequestTarget, _ draws: FaultDraws) -> Outcome {
        let rest = target.path.dropFirst("/t/p/".count)
        guard let slash = rest.firstIndex(of: "/") else {
            return Outcome(response: .json(404, TMDBErrorBody.notFound))
        }
        let size = String(rest[..<slash])
        let file = String(rest[slash...])
        guard catalogue.posterIndex[file] != nil || catalogue.tv.posterIndex[file] != nil || isUniversePoster(file)
        else {
            return Outcome(response: .json(404, TMDBErrorBody.notFound))
        }
        guard ConfigurationBody.posterSizes.contains(size) else {
            return Outcome(response: .json(404, TMDBErrorBody.notFound), posterPath: file)
        }
        if draws.htmlPoster < options.faults.htmlPosterRate {
            let response = HTTPResponse(
                status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: PosterImage.htmlErrorPage)
            return Outcome(response: response, posterPath: file, fault: .htmlPoster)
        }
        let response = HTTPResponse(
            status: 200, headers: [("Content-Type", "image/jpeg")], body: PosterImage.jpeg(size: size, path: file))
        return Outcome(response: response, posterPath: file)
    }
}
