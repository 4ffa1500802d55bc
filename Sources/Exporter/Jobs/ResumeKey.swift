import RunReport
import RunStore

extension StagingRun {
    /// What must match for `--resume` to reuse an unfinished run's pages: the same lists, pages, language, region,
    /// formats and poster size, and for catalogues the snapshot the run builds on (`base`: its run id, `-` for
    /// none, or `full`).
    static func resumeKey(for job: Job, posterSize: String?, base: String? = nil) -> String {
        let requests = job.requests.map { request in
            var text = "\(request.slug):\(request.source)=\(request.pages)"
            if request.details { text += "+details" }
            return text
        }.joined(separator: ",")
        let catalogue = job.catalogue.map { CatalogueSettings($0, in: job).resumeKey }.joined(separator: ",")
        return "v5 requests=\(requests) catalogue=\(catalogue) language=\(job.language) region=\(job.region ?? "-") "
            + "formats=\(job.formats.map(\.rawValue).joined(separator: ",")) posters=\(posterSize ?? "-")"
            + (base.map { " base=\($0)" } ?? "") + "\n"
    }
}

extension Job {
    /// The list requests as the run's description names their files.
    var describedLists: [DescribedList] {
        requests.map { DescribedList(slug: $0.slug, mediaType: $0.source.mediaType) }
    }
}
