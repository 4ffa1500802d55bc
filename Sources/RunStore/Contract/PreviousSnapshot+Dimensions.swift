import TMDBAPI

extension PreviousSnapshot {
    /// The files a snapshot's dimension table of `type` holds in `formats`: `<table>.<format>`, named from the job
    /// alone.
    package static func dimensionFiles(_ type: DimensionType, formats: [OutputFormat]) -> [String] {
        formats.map { SnapshotLayout.file(DimensionTable.table(type), $0) }
    }

    /// Checks that the manifest lists exactly the dimension table's files in `formats`, then each of them against
    /// the size and SHA-256 the manifest gives it; every file is opened under the name made from the job, none under
    /// a name the manifest gives.
    /// - Throws: what the manifest lists that it should not (or leaves out), or the first file that is missing or
    ///   differs.
    package func verify(_ summary: Manifest.DimensionSummary, formats: [OutputFormat]) async throws(FullRunReason) {
        let expected = Self.dimensionFiles(summary.type, formats: formats)
        let listed = summary.files.map(\.path)
        if let stranger = listed.first(where: { !expected.contains($0) }) {
            throw FullRunReason(
                "runs/\(runID)/manifest.json lists \(SnapshotFiles.quoted(stranger)) in the \(summary.type) "
                    + "dimension's files, a file its snapshot does not hold")
        }
        if let missing = expected.first(where: { !listed.contains($0) }) {
            throw FullRunReason(
                "runs/\(runID)/manifest.json does not list \(missing) in the \(summary.type) dimension's files")
        }
        guard listed.count == expected.count else {
            throw FullRunReason(
                "runs/\(runID)/manifest.json lists a file twice in the \(summary.type) dimension's files")
        }
        try await check(expected.map { name in (name: name, expected: summary.files.first { $0.path == name }!) })
    }
}
