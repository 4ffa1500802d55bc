extension Manifest.CatalogueSummary {
    /// Whether the catalogue's failed ids are at most its `maxFailedPercent` of the ids it asked for: then they are
    /// carried (or left out) and the night is published. A manifest written before the limit existed has none: any
    /// failure was over it.
    package var failedWithinLimit: Bool {
        guard idsFailed > 0 else { return true }
        guard let limit = maxFailedPercent, let asked = idsAsked else { return false }
        return Double(idsFailed) * 100 <= limit * Double(asked)
    }
}
