import Foundation
import HTTPClient
import RunStore
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// Finds, reads and validates job files, reporting every problem at once.
public struct JobLoader: Sendable {
    /// The folder `--job NAME` is also looked up in.
    public var jobsDirectory: String

    /// Creates a loader.
    public init(jobsDirectory: String = "jobs") { self.jobsDirectory = jobsDirectory }

    /// Keys a job file may have at the top level.
    public static let topLevelKeys = [
        "$schema", "name", "requests", "catalogue", "language", "region", "posters", "formats",
        "concurrency", "retries", "rateLimit", "history",
    ]
    /// Keys a request may have.
    public static let requestKeys = ["endpoint", "pages", "params", "query", "details", "name"]
    /// Keys the `posters` object may have.
    public static let posterKeys = ["size", "concurrency"]
    /// The largest job file read, in bytes: the biggest real job is a few KiB, and a larger file is a mistake (or
    /// an attack) that would otherwise be parsed whole and quoted back in errors.
    public static let maximumFileSize = 1 << 20

    /// The endpoints a request may name (`{id}` stands for a movie id).
    public static var endpointNames: [String] { ListSource.patterns }

    /// The path to read for a `--job` argument: the path itself if it exists, else `jobs/NAME` or `jobs/NAME.json`.
    public func resolve(_ argument: String) -> String {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: argument) { return argument }
        for candidate in [argument, argument + ".json"] where !candidate.contains("/") {
            let path = (jobsDirectory as NSString).appendingPathComponent(candidate)
            if fileManager.fileExists(atPath: path) { return path }
        }
        return argument
    }

    /// Reads and validates the job named by a `--job` argument.
    /// - Throws: ``JobFileError`` with one problem per mistake, each naming the field and what was expected.
    public func load(_ argument: String) throws(JobFileError) -> Job {
        let path = resolve(argument)
        // A directory, a FIFO or a device exists too: reading says which it is.
        guard FileManager.default.fileExists(atPath: path) else {
            let looked = argument.contains("/") ? "" : " (also looked for \(jobsDirectory)/\(argument) and .json)"
            throw JobFileError(file: argument, problems: [.init(field: "", message: "no such job file\(looked)")])
        }
        let data: Data
        do throws(JobFileReadError) {
            data = try Self.contents(of: path)
        } catch {
            throw JobFileError(file: path, problems: [.init(field: "", message: error.message)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw JobFileError(file: path, problems: [.init(field: "", message: "the file is not UTF-8 text")])
        }
        return try parse(text, file: path)
    }

    /// Reads at most ``maximumFileSize`` bytes of a regular file. Opens without blocking, so a FIFO is refused
    /// rather than waited on.
    private static func contents(of path: String) throws(JobFileReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw JobFileReadError("cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw JobFileReadError("cannot read the file: \(String(cString: strerror(errno)))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let name =
                switch kind {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a FIFO (named pipe)"
                case S_IFSOCK: "a socket"
                case S_IFCHR, S_IFBLK: "a device"
                default: "not a regular file"
                }
            throw JobFileReadError("\(name), not a job file (expected a regular JSON file)")
        }
        let tooLarge = { (size: String) in
            JobFileReadError(
                "the file is \(size) bytes; a job file is at most \(maximumFileSize) bytes (1 MiB), so this is not one")
        }
        guard status.st_size <= maximumFileSize else { throw tooLarge("\(status.st_size)") }
        // One byte more than allowed tells a file that grew since fstat from one that is exactly at the limit.
        var data = Data(count: maximumFileSize + 1)
        var count = 0
        let failure = data.withUnsafeMutableBytes { bytes -> Int32? in
            while count < bytes.count {
                let got = read(descriptor, bytes.baseAddress! + count, bytes.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { return errno }
                if got == 0 { return nil }
                count += got
            }
            return nil
        }
        if let failure { throw JobFileReadError("cannot read the file: \(String(cString: strerror(failure)))") }
        guard count <= maximumFileSize else { throw tooLarge("more than \(maximumFileSize)") }
        return data.prefix(count)
    }

    /// Validates job-file text; `file` names it in errors.
    public func parse(_ text: String, file: String) throws(JobFileError) -> Job {
        guard text.utf8.count <= Self.maximumFileSize else {
            throw JobFileError(
                file: file,
                problems: [
                    .init(
                        field: "",
                        message: "the text is \(text.utf8.count) bytes; a job file is at most "
                            + "\(Self.maximumFileSize) bytes (1 MiB), so this is not one")
                ])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw JobFileError(
                file: file, problems: [.init(field: "", message: error.description, line: error.line)])
        }
        var validator = JobValidator()
        guard let job = validator.validate(root), validator.problems.isEmpty else {
            // In file order, so a person fixes them top to bottom; problems without a line (missing keys) last.
            let ordered = validator.problems.enumerated().sorted { a, b in
                (a.element.line ?? .max, a.offset) < (b.element.line ?? .max, b.offset)
            }.map(\.element)
            throw JobFileError(file: file, problems: ordered)
        }
        return job
    }
}

/// Walks a parsed job file and collects every problem.
struct JobValidator {
    private(set) var problems: [JobFileError.Problem] = []

    mutating func report(_ field: String, _ message: String, line: Int? = nil) {
        problems.append(.init(field: field, message: message, line: line))
    }

    mutating func checkKeys(_ members: [JSONValue.Member], allowed: [String], prefix: String) {
        for member in members where !allowed.contains(member.key) {
            let hint = Suggestions.hint(for: member.key, in: allowed)
            let expected = allowed.filter { $0 != "$schema" }.joined(separator: ", ")
            report(
                prefix + SafeText.excerpt(member.key), "unknown key\(hint) (expected one of: \(expected))",
                line: member.line)
        }
    }

    mutating func validate(_ root: JSONValue) -> Job? {
        guard case .object(let members) = root else {
            report("", "expected a JSON object at the top level, found \(root.typeName)")
            return nil
        }
        func line(_ key: String) -> Int? { members.first(where: { $0.key == key })?.line }
        checkKeys(members, allowed: JobLoader.topLevelKeys, prefix: "")

        let name = validateName(root["name"], line: line("name"))
        let catalogue = validateCatalogue(root["catalogue"], line: line("catalogue"))
        // A job exports lists, catalogues or both: "requests" may be left out when "catalogue" is there.
        let requests =
            root["requests"] == nil && root["catalogue"] != nil
            ? [] : validateRequests(root["requests"], line: line("requests"))
        let language = validateLanguage(root["language"], line: line("language"))
        let region = validateRegion(root["region"], line: line("region"))
        let posters = validatePosters(root["posters"], line: line("posters"))
        let formats = validateFormats(root["formats"], line: line("formats"))
        let concurrency = validateConcurrency(root["concurrency"], field: "concurrency", line: line("concurrency"))
        let retries = validateRetries(root["retries"], line: line("retries"))
        let rateLimit = validateRateLimit(root["rateLimit"], line: line("rateLimit"))
        let history = validateHistory(root["history"], line: line("history"))

        guard let name, let requests, let catalogue else { return nil }
        return Job(
            name: name, requests: requests, catalogue: catalogue.catalogue, dimensions: catalogue.dimensions,
            language: language, region: region, posters: posters,
            formats: formats,
            concurrency: concurrency, retries: retries, rateLimit: rateLimit, history: history)
    }

    private mutating func validateName(_ value: JSONValue?, line: Int?) -> String? {
        guard let value else {
            report("name", "missing (expected a string such as \"top_rated\"; it names the output folder)")
            return nil
        }
        guard case .string(let name) = value else {
            report("name", "expected a string, found \(value.typeName)", line: line)
            return nil
        }
        if let problem = PortableName.problem(with: name, punctuation: "._-") {
            report(
                "name",
                "\(SafeText.quoted(name)) is not a usable folder name: \(problem) (expected 1 to 100 ASCII letters, "
                    + "digits, '.', '_' or '-', not starting with '.' or '-')", line: line)
            return nil
        }
        return name
    }

    private mutating func validateRequests(_ value: JSONValue?, line: Int?) -> [Job.ListRequest]? {
        guard let value else {
            report(
                "requests",
                "missing (expected an array of {\"endpoint\": …, \"pages\": …}, or a \"catalogue\" array)")
            return nil
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            report("requests", "expected a non-empty array of {\"endpoint\": …, \"pages\": …}", line: line)
            return nil
        }
        var requests: [Job.ListRequest] = []
        var seen: [String: Int] = [:]  // data file base name → request index
        for (index, element) in elements.enumerated() {
            let prefix = "requests[\(index)]"
            guard case .object(let members) = element else {
                report(
                    prefix, "expected an object with \"endpoint\" and \"pages\", found \(element.typeName)", line: line)
                continue
            }
            checkKeys(members, allowed: JobLoader.requestKeys, prefix: prefix + ".")
            func lineOf(_ key: String) -> Int? { members.first(where: { $0.key == key })?.line ?? line }
            let endpointLine = lineOf("endpoint")
            let pagesLine = lineOf("pages")
            var source: ListSource?
            switch element["endpoint"] {
            case nil:
                report(
                    prefix + ".endpoint",
                    "missing (expected one of: \(JobLoader.endpointNames.joined(separator: ", ")))",
                    line: endpointLine)
            case .string(let name):
                if let parsed = ListSource.parse(endpoint: name) {
                    source = parsed
                } else {
                    let hint = Suggestions.hint(for: name, in: JobLoader.endpointNames)
                    report(
                        prefix + ".endpoint",
                        "unknown endpoint \(SafeText.quoted(name))\(hint) (expected one of: "
                            + "\(JobLoader.endpointNames.joined(separator: ", ")))", line: endpointLine)
                }
            case .some(let other):
                report(prefix + ".endpoint", "expected a string, found \(other.typeName)", line: endpointLine)
            }
            source = source.map { validateArguments(of: $0, element, prefix: prefix, line: lineOf) }
            let details = validateDetails(element["details"], source: source, prefix: prefix, line: lineOf("details"))
            let fileName = validateFileName(element["name"], prefix: prefix, line: lineOf("name"))
            var pages: PageSelection?
            switch element["pages"] {
            case nil:
                report(prefix + ".pages", "missing (\(PageSelection.expectedForms))", line: pagesLine)
            case .string(let text):
                do { pages = try PageSelection.parse(text) } catch {
                    report(prefix + ".pages", error.message, line: pagesLine)
                }
            case .integer(let number):
                do { pages = try PageSelection.parse(String(number)) } catch {
                    report(prefix + ".pages", error.message, line: pagesLine)
                }
            case .some(let other):
                report(
                    prefix + ".pages", "expected a string, found \(other.typeName) (\(PageSelection.expectedForms))",
                    line: pagesLine)
            }
            if let source, let pages {
                let request = Job.ListRequest(source: source, pages: pages, details: details, name: fileName)
                for slug in [request.slug, request.slug + "_details"] {
                    if let first = seen[slug] {
                        report(
                            prefix + (fileName == nil ? ".endpoint" : ".name"),
                            "writes \(request.slug).csv, which requests[\(first)] writes too (expected a distinct "
                                + "\"name\" for each request of the same endpoint)",
                            line: fileName == nil ? endpointLine : lineOf("name"))
                        break
                    }
                }
                seen[request.slug] = index
                if details { seen[request.slug + "_details"] = index }
                requests.append(request)
            }
        }
        return requests.count == elements.count ? requests : nil
    }

    /// Checks `params` (discover only) and `query` (search only) and puts them into the source.
    private mutating func validateArguments(
        of source: ListSource, _ element: JSONValue, prefix: String, line: (String) -> Int?
    ) -> ListSource {
        var source = source
        let params = element["params"]
        let query = element["query"]
        switch source {
        case .discover(let media, _):
            var parameters: [ListSource.Parameter] = []
            switch params {
            case nil: break
            case .object(let members)?:
                for member in members {
                    let field = "\(prefix).params.\(SafeText.excerpt(member.key))"
                    if TMDB.Discover<Movie>.reservedParameters.contains(member.key) {
                        report(
                            field,
                            "is set by tmdb-export itself (expected a TMDB discover filter such as "
                                + "with_genres, primary_release_year or sort_by)", line: member.line)
                        continue
                    }
                    switch member.value {
                    case .string(let text): parameters.append(.init(name: member.key, value: text))
                    case .integer(let number): parameters.append(.init(name: member.key, value: String(number)))
                    case .number(let number):
                        parameters.append(.init(name: member.key, value: NumberText.decimal(number)))
                    case .bool(let flag): parameters.append(.init(name: member.key, value: flag ? "true" : "false"))
                    default:
                        report(
                            field, "expected a string, number or boolean, found \(member.value.typeName)",
                            line: member.line)
                    }
                }
            case .some(let other):
                report(
                    prefix + ".params",
                    "expected an object of query parameters such as {\"with_genres\": \"18\"}, "
                        + "found \(other.typeName)", line: line("params"))
            }
            source = .discover(media, parameters: parameters)
        case .search(let media, _):
            if case .string(let text)? = query, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                source = .search(media, query: text)
            } else {
                let found = query.map { if case .string = $0 { "an empty string" } else { $0.typeName } } ?? "nothing"
                report(
                    prefix + ".query",
                    "\(source.endpoint) needs the text to search for (expected a non-empty string, "
                        + "found \(found))", line: line(query == nil ? "endpoint" : "query"))
            }
        default:
            break
        }
        if params != nil, !isDiscover(source) {
            report(
                prefix + ".params",
                "only discover/movie and discover/tv take params (expected no \"params\" for "
                    + "\(source.endpoint))", line: line("params"))
        }
        if query != nil, !isSearch(source) {
            report(
                prefix + ".query",
                "only search/movie and search/tv take a query (expected no \"query\" for "
                    + "\(source.endpoint))", line: line("query"))
        }
        return source
    }

    private func isDiscover(_ source: ListSource) -> Bool {
        if case .discover = source { return true }
        return false
    }

    private func isSearch(_ source: ListSource) -> Bool {
        if case .search = source { return true }
        return false
    }

    private mutating func validateHistory(_ value: JSONValue?, line: Int?) -> Bool {
        switch value {
        case nil: return false
        case .bool(let history)?: return history
        case .some(let other):
            report("history", "expected true or false, found \(other.typeName)", line: line)
            return false
        }
    }

    private mutating func validateDetails(_ value: JSONValue?, source: ListSource?, prefix: String, line: Int?) -> Bool
    {
        switch value {
        case nil, .bool(false)?: return false
        case .bool(true)?:
            if let source, source.mediaType != .movie {
                report(
                    prefix + ".details",
                    "only movie lists have details (expected false or no \"details\" for "
                        + "\(source.endpoint))", line: line)
                return false
            }
            return true
        case .some(let other):
            report(prefix + ".details", "expected true or false, found \(other.typeName)", line: line)
            return false
        }
    }

    private mutating func validateFileName(_ value: JSONValue?, prefix: String, line: Int?) -> String? {
        guard let value else { return nil }
        guard case .string(let name) = value else {
            report(
                prefix + ".name", "expected a string such as \"dramas_1999\", found \(value.typeName)", line: line)
            return nil
        }
        if let problem = PortableName.problem(with: name, punctuation: "_-") {
            report(
                prefix + ".name",
                "\(SafeText.quoted(name)) is not a usable file name: \(problem) (expected 1 to 100 ASCII letters, "
                    + "digits, '_' or '-', e.g. \"dramas_1999\")", line: line)
            return nil
        }
        guard name + ".ndjson" != Job.rejectedItemsFile else {
            report(
                prefix + ".name",
                "\"\(name)\" is reserved: the run writes the items it cannot read to "
                    + "\(Job.rejectedItemsFile) (expected another name)", line: line)
            return nil
        }
        return name
    }

    private mutating func validateLanguage(_ value: JSONValue?, line: Int?) -> String {
        guard let value else { return Job.defaultLanguage }
        guard case .string(let language) = value, Self.isLanguageTag(language) else {
            let found = if case .string(let text) = value { SafeText.quoted(text) } else { value.typeName }
            report(
                "language",
                "\(found) is not a language (expected an ISO 639-1 code, optionally with a region, "
                    + "such as \"en-US\" or \"ja\")", line: line)
            return Job.defaultLanguage
        }
        return language
    }

    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return false
        }
        return parts.count == 1 || (parts[1].count == 2 && parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }))
    }

    private mutating func validateRegion(_ value: JSONValue?, line: Int?) -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let region) = value, region.count == 2,
            region.allSatisfy({ $0.isASCII && $0.isUppercase })
        else {
            let found = if case .string(let text) = value { SafeText.quoted(text) } else { value.typeName }
            report(
                "region", "\(found) is not a region (expected an ISO 3166-1 code such as \"US\", or null)", line: line)
            return nil
        }
        return region
    }

    private mutating func validatePosters(_ value: JSONValue?, line: Int?) -> Job.PosterSettings? {
        switch value {
        case nil, .bool(true): return Job.PosterSettings()
        case .bool(false), .null: return nil
        case .object(let members):
            checkKeys(members, allowed: JobLoader.posterKeys, prefix: "posters.")
            var settings = Job.PosterSettings()
            if let size = value?["size"] {
                if case .string(let text) = size,
                    text == "original" || (text.hasPrefix("w") && Int(text.dropFirst()) != nil)
                {
                    settings.size = text
                } else {
                    let found = if case .string(let text) = size { SafeText.quoted(text) } else { size.typeName }
                    report(
                        "posters.size",
                        "\(found) is not an image size (expected e.g. \"w185\", \"w342\", \"w500\" "
                            + "or \"original\")", line: line)
                }
            }
            settings.concurrency = validateConcurrency(value?["concurrency"], field: "posters.concurrency", line: line)
            return settings
        case .some(let other):
            report(
                "posters", "expected false or an object like {\"size\": \"w342\"}, found \(other.typeName)", line: line)
            return nil
        }
    }

    private mutating func validateFormats(_ value: JSONValue?, line: Int?) -> [Job.OutputFormat] {
        guard let value else { return Job.OutputFormat.allCases }
        let names = Job.OutputFormat.allCases.map(\.rawValue)
        guard case .array(let elements) = value, !elements.isEmpty else {
            report(
                "formats", "expected a non-empty array of \(names.map { "\"\($0)\"" }.joined(separator: ", "))",
                line: line)
            return Job.OutputFormat.allCases
        }
        var formats: [Job.OutputFormat] = []
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element, let format = Job.OutputFormat(rawValue: text.lowercased()) {
                if formats.contains(format) {
                    report("formats[\(index)]", "\(SafeText.quoted(text)) is listed twice", line: line)
                } else {
                    formats.append(format)
                }
            } else {
                let found = if case .string(let text) = element { SafeText.quoted(text) } else { element.typeName }
                let hint = if case .string(let text) = element { Suggestions.hint(for: text, in: names) } else { "" }
                report(
                    "formats[\(index)]",
                    "\(found) is not a format\(hint) (expected one of: \(names.joined(separator: ", ")))",
                    line: line)
            }
        }
        return formats.isEmpty ? Job.OutputFormat.allCases : formats
    }

    private mutating func validateConcurrency(_ value: JSONValue?, field: String, line: Int?) -> Int {
        guard let value else { return Job.defaultConcurrency }
        guard case .integer(let number) = value, (1...Job.maximumConcurrency).contains(number) else {
            let found = if case .integer(let number) = value { "\(number)" } else { value.typeName }
            report(
                field, "\(found) is not a valid concurrency (expected an integer from 1 to \(Job.maximumConcurrency))",
                line: line)
            return Job.defaultConcurrency
        }
        return number
    }

    private mutating func validateRetries(_ value: JSONValue?, line: Int?) -> Int {
        guard let value else { return Job.defaultRetries }
        guard case .integer(let number) = value, (0...Job.maximumRetries).contains(number) else {
            let found = if case .integer(let number) = value { "\(number)" } else { value.typeName }
            report(
                "retries",
                "\(found) is not a valid number of retries (expected an integer from 0 to "
                    + "\(Job.maximumRetries); 0 means one attempt only)", line: line)
            return Job.defaultRetries
        }
        return number
    }

    private mutating func validateRateLimit(_ value: JSONValue?, line: Int?) -> Double {
        let number: Double
        switch value {
        case nil: return Job.defaultRateLimit
        case .integer(let integer)?: number = Double(integer)
        case .number(let double)?: number = double
        case .some(let other):
            report("rateLimit", "expected a number of requests per second, found \(other.typeName)", line: line)
            return Job.defaultRateLimit
        }
        guard number >= 0, number <= Job.maximumRateLimit else {
            report(
                "rateLimit",
                "\(number) is not a valid rate limit (expected requests per second from 0 to "
                    + "\(Int(Job.maximumRateLimit)); 0 means no client-side limit)", line: line)
            return Job.defaultRateLimit
        }
        return number
    }
}

/// Why a job file could not be read, before any of it was parsed.
private struct JobFileReadError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
