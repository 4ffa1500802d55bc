import Foundation

/// Reads the filters of `/3/discover/…` (and `include_adult` of search) from a request's query.
///
/// Unknown parameters are ignored, as TMDB does; an empty value counts as absent. A value the sandbox cannot use
/// (an unknown `sort_by`, a year or threshold that is not a number, a date that is not `YYYY-MM-DD`, a genre that is
/// not an integer, an `include_adult` other than `true`/`false`) throws, and the route answers 422 with TMDB's status_code 5 body.
enum DiscoverParameters {
    /// The parameter whose value could not be used.
    struct Invalid: Error, Equatable {
        /// The query item's name, e.g. `sort_by`.
        var name: String
        /// Its value as sent.
        var value: String
    }

    /// The `/3/discover/movie` query of a request.
    static func movieDiscovery(_ target: RequestTarget) throws(Invalid) -> SandboxMovieDiscovery {
        var discovery: SandboxMovieDiscovery = try sharedFilters(target)
        discovery.primaryReleaseYear = try integer(target, "primary_release_year")
        discovery.year = try integer(target, "year")
        discovery.primaryReleaseDate = DiscoverDateRange(
            from: try date(target, "primary_release_date.gte"), through: try date(target, "primary_release_date.lte"))
        return discovery
    }

    /// The `/3/discover/tv` query of a request.
    static func showDiscovery(_ target: RequestTarget) throws(Invalid) -> SandboxShowDiscovery {
        var discovery: SandboxShowDiscovery = try sharedFilters(target)
        discovery.firstAirDateYear = try integer(target, "first_air_date_year")
        discovery.firstAirDate = DiscoverDateRange(
            from: try date(target, "first_air_date.gte"), through: try date(target, "first_air_date.lte"))
        return discovery
    }

    /// A query with the filters both routes take (``TitleDiscovery``) read from the request, and its order.
    private static func sharedFilters<Discovery: TitleDiscovery>(_ target: RequestTarget) throws(Invalid) -> Discovery {
        var discovery = Discovery()
        discovery.withGenres = try genres(target)
        discovery.minimumVoteCount = try number(target, "vote_count.gte")
        discovery.minimumVoteAverage = try number(target, "vote_average.gte")
        discovery.includeAdult = try includeAdult(target)
        discovery.sort = try sort(target) ?? discovery.sort
        return discovery
    }

    /// `include_adult`: `true` or `false` in any case; false when absent.
    static func includeAdult(_ target: RequestTarget) throws(Invalid) -> Bool {
        guard let value = value(target, "include_adult") else { return false }
        switch value.lowercased() {
        case "true": return true
        case "false": return false
        default: throw Invalid(name: "include_adult", value: value)
        }
    }

    /// `sort_by`: one of the route's orders.
    private static func sort<Title>(_ target: RequestTarget) throws(Invalid) -> DiscoverSort<Title>? {
        guard let value = value(target, "sort_by") else { return nil }
        guard let sort = DiscoverSort<Title>(rawValue: value) else { throw Invalid(name: "sort_by", value: value) }
        return sort
    }

    /// `with_genres`: comma-separated groups (all of), each group pipe-separated ids (any of).
    private static func genres(_ target: RequestTarget) throws(Invalid) -> [[Int]] {
        guard let value = value(target, "with_genres") else { return [] }
        var groups: [[Int]] = []
        for group in value.split(separator: ",", omittingEmptySubsequences: false) {
            var ids: [Int] = []
            for token in group.split(separator: "|", omittingEmptySubsequences: false) {
                guard let id = Int(token.trimmingCharacters(in: .whitespaces)) else {
                    throw Invalid(name: "with_genres", value: value)
                }
                ids.append(id)
            }
            groups.append(ids)
        }
        return groups
    }

    private static func integer(_ target: RequestTarget, _ name: String) throws(Invalid) -> Int? {
        guard let value = value(target, name) else { return nil }
        guard let integer = Int(value) else { throw Invalid(name: name, value: value) }
        return integer
    }

    /// A day, `YYYY-MM-DD`.
    private static func date(_ target: RequestTarget, _ name: String) throws(Invalid) -> String? {
        guard let value = value(target, name) else { return nil }
        let bytes = Array(value.utf8)
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            digits.allSatisfy({ (0x30...0x39).contains(bytes[$0]) })
        else { throw Invalid(name: name, value: value) }
        return value
    }

    private static func number(_ target: RequestTarget, _ name: String) throws(Invalid) -> Double? {
        guard let value = value(target, name) else { return nil }
        guard let number = Double(value), number.isFinite else { throw Invalid(name: name, value: value) }
        return number
    }

    private static func value(_ target: RequestTarget, _ name: String) -> String? {
        guard let value = target.queryValue(name), !value.isEmpty else { return nil }
        return value
    }
}
