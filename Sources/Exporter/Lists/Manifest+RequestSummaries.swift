import RunStore

extension Manifest.RequestSummary {
    /// Each list request's summary: its page counts, and what its table wrote (nothing yet before setup).
    static func of(_ lists: [ListProgress], _ tables: [ListTableWriter]) -> [Manifest.RequestSummary] {
        lists.indices.map { index in
            let list = lists[index]
            var summary = Manifest.RequestSummary(
                endpoint: list.request.endpoint, pages: list.request.pages.description)
            summary.pagesPlanned = list.pagesPlanned
            summary.pagesAsked = list.pagesAsked
            summary.totalResults = list.totals?.totalResults
            summary.totalPages = list.totals?.totalPages
            summary.dates = list.totals?.dates
            summary.pagesFetched = list.pagesFetched
            summary.pagesFromCache = list.pagesFromCache
            summary.pagesFailed = list.pagesFailed
            summary.itemsSkipped = list.itemsRejected
            summary.itemsRejected = list.itemsRejected
            summary.stringsRepaired = list.stringsRepaired
            if index < tables.count {
                let written = tables[index].counts
                summary.rowsWritten = written.rowsWritten
                summary.duplicatesDropped = written.duplicatesDropped
                summary.detailsWritten = written.detailsWritten
                summary.detailsFailed = written.detailsFailed
                summary.posters = written.posters
                summary.files = written.files
            }
            return summary
        }
    }
}
