import HTTPClient
import TMDBAPI

extension JobLoader {
    /// Keys a catalogue entry may have.
    public static let catalogueKeys = [
        "type", "append", "exportDate", "adult", "minPopularity", "limit", "posters", "refresh",
        "maxDropPercent", "maxFailedPercent", "episodes", "imageLanguages",
    ]
    /// Keys a catalogue's `"refresh"` may have.
    public static let refreshKeys = ["maxAgeDays", "top"]
}

extension JobValidator {
    /// Checks `"catalogue"`: an array of at most one entry per type, catalogues and dimension tables alike. Absent is
    /// an empty list.
    mutating func validateCatalogue(
        _ value: JSONValue?, line: Int?
    ) -> (catalogue: [Job.CatalogueRequest], dimensions: [Job.DimensionRequest])? {
        guard let value else { return ([], []) }
        let shape = "{\"type\": \"movie\", \"tv\" or \"person\", \"append\": […]}"
        guard case .array(let elements) = value else {
            report("catalogue", "expected an array of \(shape), found \(value.typeName)", line: line)
            return nil
        }
        guard !elements.isEmpty else {
            report("catalogue", "expected at least one \(shape), found an empty array", line: line)
            return nil
        }
        var requests: [Job.CatalogueRequest] = []
        var dimensions: [Job.DimensionRequest] = []
        var seen: [CatalogueType: Int] = [:]
        var seenDimensions: [DimensionType: Int] = [:]
        for (index, element) in elements.enumerated() {
            let prefix = "catalogue[\(index)]"
            guard case .object(let members) = element else {
                report(prefix, "expected an object with \"type\", found \(element.typeName)", line: line)
                continue
            }
            if case .string(let name)? = element["type"], let type = DimensionType(rawValue: name) {
                if let request = validateDimension(
                    type, members, prefix: prefix, line: line, index: index, seen: &seenDimensions)
                {
                    dimensions.append(request)
                }
                continue
            }
            checkKeys(members, allowed: JobLoader.catalogueKeys, prefix: prefix + ".")
            func lineOf(_ key: String) -> Int? { members.first(where: { $0.key == key })?.line ?? line }
            guard let type = validateCatalogueType(element["type"], prefix: prefix, line: lineOf("type")) else {
                continue
            }
            if let first = seen[type] {
                report(
                    prefix + ".type",
                    "\"\(type.rawValue)\" is already exported by catalogue[\(first)] (expected each type at most once)",
                    line: lineOf("type"))
                continue
            }
            seen[type] = index
            let episodes = validateEpisodes(element["episodes"], type: type, prefix: prefix, line: lineOf("episodes"))
            let append = validateAppend(element["append"], type: type, prefix: prefix, line: lineOf("append"))
                .map { episodes == true ? $0 + [.episodes] : $0 }
            let exportDate = validateExportDate(element["exportDate"], prefix: prefix, line: lineOf("exportDate"))
            let adult = validateFlag(element["adult"], field: prefix + ".adult", line: lineOf("adult"))
            let minimum = validateMinPopularity(
                element["minPopularity"], prefix: prefix, line: lineOf("minPopularity"))
            let limit = validateLimit(element["limit"], prefix: prefix, line: lineOf("limit"))
            let posters = validatePosters(element["posters"], type: type, prefix: prefix, line: lineOf("posters"))
            let refresh = validateRefresh(element["refresh"], type: type, prefix: prefix, line: lineOf("refresh"))
            let maxDrop = validateMaxDropPercent(
                element["maxDropPercent"], prefix: prefix, line: lineOf("maxDropPercent"))
            let maxFailed = validatePercent(
                element["maxFailedPercent"], default: Job.CatalogueRequest.defaultMaxFailedPercent,
                field: prefix + ".maxFailedPercent",
                meaning: "the largest share of tonight's details requests, in percent, whose ids may fail on a "
                    + "published night", line: lineOf("maxFailedPercent"))
            let imageLanguages = validateImageLanguages(
                element["imageLanguages"], type: type, append: append, prefix: prefix, line: lineOf("imageLanguages"))
            guard let append, episodes != nil, let exportDate, let adult, let minimum, let limit, let posters,
                let refresh, let maxDrop, let maxFailed, let imageLanguages
            else {
                continue
            }
            var request = Job.CatalogueRequest(
                type: type, append: append, exportDate: exportDate, adult: adult, minPopularity: minimum.value,
                limit: limit.value, posters: posters, refresh: refresh, maxDropPercent: maxDrop)
            request.imageLanguages = imageLanguages
            request.maxFailedPercent = maxFailed
            requests.append(request)
        }
        return requests.count + dimensions.count == elements.count ? (requests, dimensions) : nil
    }

    /// `"refresh": {"maxAgeDays": 30, "top": 10000}`: whole numbers of at least 0, each defaulted when absent.
    /// People have no votes: their refresh has no `top`, and it is 0.
    private mutating func validateRefresh(
        _ value: JSONValue?, type: CatalogueType, prefix: String, line: Int?
    ) -> Job.RefreshSettings? {
        let defaultTop = type == .person ? 0 : Job.RefreshSettings.defaultTop
        guard let value else { return Job.RefreshSettings(top: defaultTop) }
        let field = prefix + ".refresh"
        guard case .object(let members) = value else {
            report(
                field, "expected an object {\"maxAgeDays\": days, \"top\": ids}, found \(value.typeName)", line: line)
            return nil
        }
        if type == .person, let top = members.first(where: { $0.key == "top" }) {
            report(
                field + ".top",
                "people have no votes to refresh (expected only \"maxAgeDays\" in a person catalogue's refresh)",
                line: top.line)
            return nil
        }
        checkKeys(members, allowed: JobLoader.refreshKeys, prefix: field + ".")
        func count(_ key: String, default fallback: Int, meaning: String) -> Int? {
            switch value[key] {
            case nil: return fallback
            case .integer(let number) where number >= 0: return number
            case .some(let other):
                report(
                    "\(field).\(key)",
                    "expected a whole number of at least 0 (\(meaning); 0 turns it off), found \(other.shortDescription)",
                    line: members.first(where: { $0.key == key })?.line ?? line)
                return nil
            }
        }
        let maxAgeDays = count(
            "maxAgeDays", default: Job.RefreshSettings.defaultMaxAgeDays, meaning: "the oldest a row's details may be")
        let top = count(
            "top", default: defaultTop, meaning: "the most popular ids whose votes are refreshed")
        guard let maxAgeDays, let top else { return nil }
        return Job.RefreshSettings(maxAgeDays: maxAgeDays, top: top)
    }

    private mutating func validateCatalogueType(_ value: JSONValue?, prefix: String, line: Int?) -> CatalogueType? {
        let names = CatalogueType.allCases.map(\.rawValue) + DimensionType.allCases.map(\.rawValue)
        let expected = "expected one of: \(names.joined(separator: ", "))"
        switch value {
        case nil:
            report(prefix + ".type", "missing (\(expected))", line: line)
        case .string(let name):
            if let type = CatalogueType(rawValue: name) { return type }
            report(
                prefix + ".type",
                "unknown type \(SafeText.quoted(name))\(Suggestions.hint(for: name, in: names)) (\(expected))",
                line: line)
        case .some(let other):
            report(prefix + ".type", "expected a string, found \(other.typeName) (\(expected))", line: line)
        }
        return nil
    }

    private mutating func validateAppend(
        _ value: JSONValue?, type: CatalogueType, prefix: String, line: Int?
    ) -> [AppendedResource]? {
        let supported = AppendedResource.supported(by: type).filter(\.isAppendedToDetails).map(\.rawValue)
        let expected = "expected an array of: \(supported.joined(separator: ", "))"
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            report(prefix + ".append", "\(expected), found \(value.typeName)", line: line)
            return nil
        }
        var resources: [AppendedResource] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let field = "\(prefix).append[\(index)]"
            guard case .string(let name) = element else {
                report(field, "expected a string, found \(element.typeName) (\(expected))", line: line)
                valid = false
                continue
            }
            if name == AppendedResource.episodes.rawValue {
                report(field, "episodes are not appended to the details (expected \"episodes\": true)", line: line)
                valid = false
                continue
            }
            guard let resource = AppendedResource(rawValue: name), supported.contains(name) else {
                let what = AppendedResource(rawValue: name) == nil ? "unknown sub-resource" : "not offered for \(type)"
                report(
                    field,
                    "\(what) \(SafeText.quoted(name))\(Suggestions.hint(for: name, in: supported)) (\(expected))",
                    line: line)
                valid = false
                continue
            }
            if resources.contains(resource) {
                report(field, "\(SafeText.quoted(name)) is listed twice (expected each sub-resource once)", line: line)
                valid = false
                continue
            }
            resources.append(resource)
        }
        return valid ? resources : nil
    }

    /// `"episodes": true` fetches each series' seasons for the episode tables; only series have episodes.
    private mutating func validateEpisodes(_ value: JSONValue?, type: CatalogueType, prefix: String, line: Int?)
        -> Bool?
    {
        let episodes = validateFlag(value, field: prefix + ".episodes", line: line)
        if type != .tv, episodes == true {
            report(
                prefix + ".episodes", "only series have episodes (expected \"episodes\" only in a tv catalogue)",
                line: line)
            return nil
        }
        return episodes
    }

    mutating func validateExportDate(_ value: JSONValue?, prefix: String, line: Int?) -> IDExportDate? {
        let expected = "expected \"latest\" or a date \"YYYY-MM-DD\""
        switch value {
        case nil:
            return .latest
        case .string("latest"):
            return .latest
        case .string(let text):
            if let day = ExportDay(text) { return .day(day) }
            report(prefix + ".exportDate", "\(SafeText.quoted(text)) is not a date (\(expected))", line: line)
        case .some(let other):
            report(prefix + ".exportDate", "\(expected), found \(other.typeName)", line: line)
        }
        return nil
    }

    /// `"posters": true` downloads each id's poster; people have profile pictures, not posters.
    private mutating func validatePosters(_ value: JSONValue?, type: CatalogueType, prefix: String, line: Int?) -> Bool?
    {
        let posters = validateFlag(value, field: prefix + ".posters", line: line)
        if type == .person, posters == true {
            report(
                prefix + ".posters", "people have no posters (expected false or no \"posters\" for a person catalogue)",
                line: line)
            return nil
        }
        return posters
    }

    private mutating func validateFlag(_ value: JSONValue?, field: String, line: Int?) -> Bool? {
        switch value {
        case nil: return false
        case .bool(let flag): return flag
        case .some(let other):
            report(field, "expected true or false, found \(other.typeName)", line: line)
            return nil
        }
    }

    /// An optional value that was valid: `.some(nil)` when absent, nil when wrong.
    private struct Checked<Value> { var value: Value? }

    private mutating func validateMinPopularity(_ value: JSONValue?, prefix: String, line: Int?) -> Checked<Double>? {
        switch value {
        case nil: return Checked(value: nil)
        case .integer(let number) where number >= 0: return Checked(value: Double(number))
        case .number(let number) where number >= 0 && number.isFinite: return Checked(value: number)
        case .some(let other):
            report(
                prefix + ".minPopularity", "expected a number of at least 0, found \(other.shortDescription)",
                line: line)
            return nil
        }
    }

    /// `"maxDropPercent": 5`: a number from 0 to 100, the default when absent.
    private mutating func validateMaxDropPercent(_ value: JSONValue?, prefix: String, line: Int?) -> Double? {
        validatePercent(
            value, default: Job.CatalogueRequest.defaultMaxDropPercent, field: prefix + ".maxDropPercent",
            meaning: "the largest share of the snapshot's ids, in percent, a night may drop", line: line)
    }

    /// A share in percent: a number from 0 to 100, `default` when absent.
    private mutating func validatePercent(
        _ value: JSONValue?, default: Double, field: String, meaning: String, line: Int?
    ) -> Double? {
        switch value {
        case nil: return `default`
        case .integer(let number) where (0...100).contains(number): return Double(number)
        case .number(let number) where (0...100).contains(number): return number
        case .some(let other):
            report(field, "expected a number from 0 to 100 (\(meaning)), found \(other.shortDescription)", line: line)
            return nil
        }
    }

    private mutating func validateLimit(_ value: JSONValue?, prefix: String, line: Int?) -> Checked<Int>? {
        switch value {
        case nil: return Checked(value: nil)
        case .integer(let number) where number >= 1: return Checked(value: number)
        case .some(let other):
            report(
                prefix + ".limit", "expected a whole number of at least 1, found \(other.shortDescription)", line: line)
            return nil
        }
    }
}

extension JSONValue {
    /// The value itself when it is a number, else its type: for "found …" in messages.
    fileprivate var shortDescription: String {
        switch self {
        case .integer(let number): "\(number)"
        case .number(let number): "\(number)"
        default: typeName
        }
    }
}
