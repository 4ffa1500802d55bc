extension PreviousSnapshot {
    /// Checks that the manifest lists exactly the `watch_providers` files of `formats`, then each against its size and
    /// SHA-256, opened under the name made from the job, as for the dimension tables.
    /// - Throws: what the manifest lists that it should not (or leaves out), or the first file that is missing or
    ///   differs.
    package func verify(_ summary: Manifest.WatchProviderSummary, formats: [OutputFormat]) async throws(FullRunReason) {
        let expected = WatchProviderTable.files(formats: formats)
        let listed = summary.files.map(\.path)
        guard listed.sorted() == expected.sorted() else {
            throw FullRunReason(
                "runs/\(runID)/manifest.json lists \(listed.map(SnapshotFiles.quoted).joined(separator: ", ")) as the "
                    + "watch_providers files, expected \(expected.joined(separator: ", "))")
        }
        try await check(expected.map { name in (name: name, expected: summary.files.first { $0.path == name }!) })
    }
}
