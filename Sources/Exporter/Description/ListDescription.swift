/// The files of a run's list requests as ``DescribedTable``s.
enum ListDescription {
    static func tables(_ manifest: Manifest, job: Job) -> [DescribedTable] {
        []
    }
}
