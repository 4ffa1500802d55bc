import RunStore
import TMDBAPI

extension NightPlanner {
    /// Adds to an incremental night what keeps the carried-over rows fresh (the job's `refresh`): the oldest rows'
    /// details, re-fetched in an even slice, and the votes of the most popular ids from discover pages (those the
    /// pages do not show are fetched whole). Everything added to ``NightPlan/fetch`` is fetched like a changed id.
    func planRefresh(
        _ plan: inout NightPlan, _ request: Job.CatalogueRequest, snapshot: PreviousSnapshot, kept: [UInt32],
        tonight export: SelectedExport
    ) async throws(ExportError) {
        var fetch = plan.fetch ?? []
        let carried = kept.subtracting(sorted: fetch)
        let settings = request.refresh
        // The previous snapshot's main table, read for the kept rows' fetched_at and release dates.
        let table = CatalogueTable.tables(for: request.type, appending: Set(request.append))[0]
        let format: Job.OutputFormat = job.formats.contains(.csv) ? .csv : .ndjson
        let mainTable = snapshot.path(SnapshotLayout.file(table, format))
        if settings.maxAgeDays > 0, !carried.isEmpty {
            let slice = (export.ids.count + settings.maxAgeDays - 1) / settings.maxAgeDays
            do throws(OutputError) {
                let (columns, maxAgeDays, today) = (table.columns.map(\.name), settings.maxAgeDays, today)
                plan.oldest = try await BlockingFiles.run { () throws(OutputError) in
                    try OldestFetched.pick(
                        from: mainTable, format: SnapshotRecordFormat(format), columns: columns, candidates: carried,
                        slice: slice, maxAgeDays: maxAgeDays, today: today)
                }
            } catch {
                throw .output(error)
            }
        }
        let wanted = export.mostPopular.intersecting(sorted: carried).subtracting(sorted: plan.oldest.ids)
        if settings.top > 0, !wanted.isEmpty, let voted = VotedType(request.type) {
            let top = min(settings.top, export.counts.selected)
            // Beyond 500 pages, date windows: sized by every top id the snapshot has a date for (those fetched
            // tonight too hold places on discover's pages), read for the wanted ones.
            var dated: [(id: UInt32, date: String)] = []
            if DiscoverVotes.pages(covering: top) > DiscoverVotes.pageLimit {
                let (ids, columns) = (export.mostPopular.intersecting(sorted: kept), table.columns)
                do throws(OutputError) {
                    dated = try await BlockingFiles.run { () throws(OutputError) in
                        var dated: [(id: UInt32, date: String)] = []
                        try CarriedColumn.read(
                            voted.dateColumn, of: ids, from: mainTable,
                            format: SnapshotRecordFormat(format), columns: columns.map(\.name)
                        ) { id, date in dated.append((id, String(decoding: date, as: UTF8.self))) }
                        return dated
                    }
                } catch {
                    throw .output(error)
                }
            }
            let queries = DiscoverWindows.queries(top: top, dated: dated, shards: shard?.count ?? 1)
            let reader = DiscoverVotes(
                api: api, language: job.language, window: window, answeredAt: answeredAt, controls: controls)
            let read = try await reader.read(voted, queries: queries, adult: request.adult, wanted: wanted)
            plan.votesWanted = wanted.count
            plan.votes = read.votes
            plan.votesFallback = wanted.subtracting(sorted: read.votes.ids)
            plan.discoverWindows = queries.count
            plan.discoverPages = read.pages
            plan.discoverPagesFailed = read.failedPages
        }
        fetch += plan.oldest.ids + plan.votesFallback
        fetch.sort()
        plan.fetch = fetch
        plan.carriedOver = kept.count - kept.intersecting(sorted: fetch).count
    }
}
