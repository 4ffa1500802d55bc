import TMDBAPI

/// What an incremental night changed, beside its complete snapshot, for downstream loads that apply changes instead
/// of reloading:
///
/// - `<table>.upserts.csv` / `.upserts.ndjson`: every row tonight's fetch produced, i.e. all the rows of the replaced
///   and added ids, in key order, same columns (and CSV header) as `<table>.csv`. It is also the merge's `new` input.
/// - `<type>_changed_ids.csv` (`id,change`, one row per id in id order, `change` one of `added`, `replaced`,
///   `deleted`): the ids whose rows a load must remove before inserting the upserts.
///
/// One list of changed ids rather than the deleted ids alone because a replaced id can lose all its rows in a child
/// table (a film whose keywords were all removed): its old rows are in no upserts file, so a load that deleted only
/// the deleted ids and the upserts' ids would keep them. With DuckDB, per table:
///
/// ```sql
/// DELETE FROM movie_keywords WHERE movie_id IN (SELECT id FROM 'movie_changed_ids.csv');
/// INSERT INTO movie_keywords SELECT * FROM 'movie_keywords.upserts.csv';
/// ```
///
/// (Deleting an added id deletes nothing, so the load need not filter on `change`.)
///
/// - `<type>_refreshed.csv` (`id,popularity,vote_average,vote_count,votes_at`): the carried-over rows of the main
///   table whose popularity (from tonight's export) or votes (from tonight's discover pages) changed, with their new
///   values: `UPDATE movies SET popularity = r.popularity, … FROM 'movie_refreshed.csv' r WHERE movies.id = r.id`.
package struct CatalogueDelta: Sendable, Hashable {
    /// Ids in today's export and not in the snapshot, fetched.
    package var added: [UInt32]
    /// Ids in both, changed in the feeds, fetched again.
    package var replaced: [UInt32]
    /// Ids in the snapshot and gone from today's export, or answering 404.
    package var deleted: [UInt32]

    /// The ids whose previous rows the merge leaves out.
    package var dropped: DroppedIDs { DroppedIDs(replaced + deleted) }

    package static let changedIDsHeader = Array("id,change\n".utf8)

    /// Writes `<type>_changed_ids.csv`'s header and rows to `file`, flushed; returns the row count.
    package func writeChangedIDs(to file: AppendingFile) throws(OutputError) -> Int {
        let changes =
            (added.map { ($0, "added") } + replaced.map { ($0, "replaced") } + deleted.map { ($0, "deleted") })
            .sorted { $0.0 < $1.0 }
        try file.append(Self.changedIDsHeader)
        var line: [UInt8] = []
        for (id, change) in changes {
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: "\(id),\(change)\n".utf8)
            try file.append(line)
        }
        try file.flush()
        return changes.count
    }

    package init(
        added: [UInt32],
        replaced: [UInt32],
        deleted: [UInt32]
    ) {
        self.added = added
        self.replaced = replaced
        self.deleted = deleted
    }
}
