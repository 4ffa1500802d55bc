import TMDBAPI

extension Array where Element == Manifest.Failure {
    /// The ids of `type` whose details failed, sorted and unique (posters and list pages are left out).
    package func failedIDs(_ type: CatalogueType) -> [UInt32] {
        var ids = compactMap { failure -> UInt32? in
            guard case .details(type, let id) = failure.subject else { return nil }
            return id
        }
        ids.sort()
        ids.removeRepeatsOfSorted()
        return ids
    }
}
