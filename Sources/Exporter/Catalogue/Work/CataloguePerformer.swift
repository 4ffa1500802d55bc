import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Fetches one id's details with the appended sub-resources, and for a series with episodes its seasons, and turns
/// the answers into rows, in a child task. An id's requests are one unit: its rows come only when all succeeded.
struct CataloguePerformer: Sendable {
    let api: APIClient
    let language: String
    /// Per catalogue of the job.
    let catalogues: [Job.CatalogueRequest]
    let encoders: [CatalogueRowEncoder]
    /// Per catalogue: each id's export popularity, for its main-table row.
    let popularity: [ExportPopularity]
    /// The time an answer arrived, for `fetched_at`: the clock, or the run's fixed `--date`.
    let answeredAt: @Sendable () -> Date
    /// Where posters go, for the catalogues that ask for them; nil when posters are off.
    let posters: CataloguePosters?

    /// A 200 whose body cannot be read (cut short, not JSON) is asked for once more before the id is recorded as
    /// failed: the real API sometimes sends a truncated answer that the next attempt gets whole.
    static let unreadableAttempts = 2

    func perform(_ work: CatalogueWork) async -> CatalogueResult {
        let catalogue = catalogues[work.catalogue]
        let encoder = encoders[work.catalogue]
        let details = TMDB.Details<Data>(
            type: catalogue.type, id: work.id, appending: catalogue.append, language: language,
            includeImageLanguage: catalogue.includeImageLanguage)
        var rows: CatalogueRows
        switch await answer(details) { body throws(CatalogueRecordError) in
            let freshness = RowFreshness(
                popularity: popularity[work.catalogue].value(of: UInt32(work.id)), fetchedAt: answeredAt())
            return try encoder.rows(fromDetails: body, freshness: freshness)
        } {
        case .read(let read) where read.id == work.id: rows = read
        case .read(let read):
            return CatalogueResult(
                work: work, outcome: .failed(reason: "the answer is for id \(read.id), not \(work.id)"))
        case .ended(let outcome): return CatalogueResult(work: work, outcome: outcome)
        }
        if encoder.fetchesEpisodes {
            let batches = TMDB.SeasonBatch.batches(seriesID: work.id, seasons: rows.seasonNumbers, language: language)
            for batch in batches {
                switch await answer(
                    batch,
                    read: { body throws(CatalogueRecordError) in
                        try encoder.episodeRows(fromSeasonAnswer: body, seasons: batch.seasons, seriesID: work.id)
                    })
                {
                case .read(let episodes): rows.append(episodes.tables, repairs: episodes.repairs)
                case .ended(let outcome):
                    return CatalogueResult(work: work, outcome: Self.seasonOutcome(outcome, batch))
                }
            }
        }
        let poster: PosterOutcome? =
            if catalogue.posters, let posters { await posters.fetch(posterPath: rows.posterPath) } else { nil }
        return CatalogueResult(work: work, outcome: .rows(rows, poster: poster))
    }

    /// What came of one request of an id: its answer read, or the id's outcome without rows.
    private enum Step<Read> {
        case read(Read)
        case ended(CatalogueResult.Outcome)
    }

    /// Sends `endpoint` and reads a 200's body with `read`, asking once more when it cannot be read; a 404 ends the
    /// id as removed, other failures as the client's retries left them.
    private func answer<E: Endpoint, Read>(
        _ endpoint: E, read: (UnsafeRawBufferPointer) throws(CatalogueRecordError) -> Read
    ) async -> Step<Read> where E.Response == Data {
        var unreadable = ""
        for _ in 0..<Self.unreadableAttempts {
            switch await api.result(of: endpoint) {
            case .failure(let error):
                if case .httpStatus(404, _) = error.reason { return .ended(.removed) }
                switch FailureDisposition(error) {
                case .stopRun(let stop): return .ended(.stopRun(stop))
                case .notSent: return .ended(.notSent)
                case .itemFailed: return .ended(.failed(reason: error.reasonDescription))
                }
            case .success(let body):
                let decoded = body.withUnsafeBytes { bytes in
                    Result { () throws(CatalogueRecordError) in try read(bytes) }
                }
                switch decoded {
                case .success(let value): return .read(value)
                case .failure(let error): unreadable = "the answer could not be read: \(error)"
                }
            }
        }
        return .ended(.failed(reason: unreadable))
    }

    /// A season request's failure fails the series, naming the seasons; its 404 too, since the details just answered:
    /// the series is retried, not removed, and never written without some of its episodes.
    private static func seasonOutcome(_ outcome: CatalogueResult.Outcome, _ batch: TMDB.SeasonBatch)
        -> CatalogueResult.Outcome
    {
        let seasons = "seasons \(batch.seasons.first ?? 0)–\(batch.seasons.last ?? 0)"
        switch outcome {
        case .removed: return .failed(reason: "\(seasons): HTTP 404 after the details answered")
        case .failed(let reason): return .failed(reason: "\(seasons): \(reason)")
        default: return outcome
        }
    }
}
