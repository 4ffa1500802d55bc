import TMDBAPI

extension Array where Element == Manifest.Failure {
    /// The ids of `type` whose details failed, sorted and unique, read back from the failures'
    /// `<type>/<id>` endpoints (``CatalogueSchedule`` names them so; posters and list pages are left out).
    package func failedIDs(_ type: CatalogueType) -> [UInt32] {
        var ids = compactMap { failure -> UInt32? in
            let parts = failure.endpoint.split(separator: "/")
            guard failure.page == nil, parts.count == 2, parts[0] == type.rawValue else { return nil }
            return UInt32(parts[1])
        }
        ids.sort()
        ids.removeRepeatsOfSorted()
        return ids
    }
}
