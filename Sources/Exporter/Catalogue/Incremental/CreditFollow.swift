import Foundation
import RunStore
import TMDBAPI

/// How a person catalogue keeps its credits current when it runs beside title catalogues with credits: TMDB's person
/// feed is not documented to list a person whose credits moved because a title's did, so after the titles are
/// fetched, the people whose rows in `movie_cast`, `movie_crew`, `tv_cast` or `tv_crew` changed tonight
/// (``MovedCredits``) are fetched again. A job with people and no such titles keeps credits as fresh as
/// `refresh.maxAgeDays` keeps every row.
struct CreditFollow: Sendable {
    /// The person catalogue's index in the job.
    let person: Int
    /// The title catalogues whose credit tables it follows, by index in the job, with those tables.
    let titles: [(index: Int, tables: [CatalogueTable])]

    /// The tables a person's credits repeat: those ``PersonTable`` joins.
    static let creditTables: Set<String> = Set(
        (PersonTable.castCredits.joins + PersonTable.crewCredits.joins).map(\.titleTable))

    /// Nil when the job has no person catalogue, or no title catalogue that writes credit tables.
    init?(job: Job) {
        guard let person = job.catalogue.firstIndex(where: { $0.type == .person }) else { return nil }
        let titles = job.catalogue.indices.compactMap { index -> (index: Int, tables: [CatalogueTable])? in
            let request = job.catalogue[index]
            guard request.type != .person else { return nil }
            let tables = CatalogueTable.tables(for: request.type, appending: Set(request.append))
                .filter { Self.creditTables.contains($0.name) }
            return tables.isEmpty ? nil : (index, tables)
        }
        guard !titles.isEmpty else { return nil }
        self.person = person
        self.titles = titles
    }

    /// The job's catalogues in the order they are planned: the titles before the people, who depend on them.
    static func planningOrder(_ job: Job) -> [Int] {
        job.catalogue.indices.filter { job.catalogue[$0].type != .person }
            + job.catalogue.indices.filter { job.catalogue[$0].type == .person }
    }

    /// Why the people run in full tonight: a title catalogue they follow runs in full, so which credits moved is not
    /// known. Nil when every followed title catalogue is incremental.
    func fullReason(titlePlans plans: [Int: NightPlan], job: Job) -> FullRunReason? {
        for title in titles where plans[title.index]?.basedOnRun == nil {
            let type = job.catalogue[title.index].type.rawValue
            return FullRunReason(
                "the \(type) catalogue runs in full tonight, so whose credits moved since the snapshot is not known")
        }
        return nil
    }

    /// Whether the people still wait for the titles tonight: an incremental plan not yet given the moved credits.
    func isPending(_ plans: [NightPlan]) -> Bool {
        plans[person].basedOnRun != nil && plans[person].movedCredits == nil
    }

    /// The people whose credits moved in tonight's titles, among `selection` (tonight's people), not already
    /// fetched by `plan`: read from each title table's previous file and tonight's upserts, for the titles fetched
    /// or gone tonight.
    func movedPeople(
        plans: [NightPlan], snapshot: PreviousSnapshot, directory: String, format: Job.OutputFormat,
        selection: CatalogueIDs
    ) async throws(OutputError) -> [UInt32] {
        var reads: [(previous: String, tonight: String, table: CatalogueTable, titles: [UInt32])] = []
        for title in titles {
            let plan = plans[title.index]
            var changed = (plan.fetch ?? []) + plan.gone
            changed.sort()
            for table in title.tables {
                reads.append(
                    (
                        snapshot.path(SnapshotLayout.file(table, format)),
                        (directory as NSString).appendingPathComponent(SnapshotLayout.running(table, format, .upserts)),
                        table, changed
                    ))
            }
        }
        let people = try await BlockingFiles.map(
            reads,
            work: { read throws(OutputError) -> [UInt32] in
                try MovedCredits.people(
                    in: read.table, previous: read.previous, tonight: read.tonight,
                    format: SnapshotRecordFormat(format), titles: read.titles)
            })
        var moved = people.flatMap { $0 }
        moved.sort()
        moved.removeRepeatsOfSorted()
        return moved.intersecting(sorted: selection.values).subtracting(sorted: plans[person].fetch ?? [])
    }
}
