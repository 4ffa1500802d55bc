import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Fetches one id's details with the appended sub-resources and turns the answer into rows, in a child task.
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
        let endpoint = TMDB.Details<Data>(
            type: catalogue.type, id: work.id, appending: catalogue.append, language: language,
            includeImageLanguage: catalogue.includeImageLanguage)
        var unreadable = ""
        for _ in 0..<Self.unreadableAttempts {
            switch await api.result(of: endpoint) {
            case .failure(let error):
                if case .httpStatus(404, _) = error.reason {
                    return CatalogueResult(work: work, outcome: .removed)
                }
                switch FailureDisposition(error) {
                case .stopRun(let stop): return CatalogueResult(work: work, outcome: .stopRun(stop))
                case .notSent: return CatalogueResult(work: work, outcome: .notSent)
                case .itemFailed: return CatalogueResult(work: work, outcome: .failed(reason: error.reasonDescription))
                }
            case .success(let body):
                let encoder = encoders[work.catalogue]
                let freshness = RowFreshness(
                    popularity: popularity[work.catalogue].value(of: UInt32(work.id)), fetchedAt: answeredAt())
                let decoded = body.withUnsafeBytes { bytes in
                    Result { () throws(CatalogueRecordError) in
                        try encoder.rows(fromDetails: bytes, freshness: freshness)
                    }
                }
                switch decoded {
                case .success(let rows) where rows.id == work.id:
                    let poster: PosterOutcome? =
                        if catalogue.posters, let posters { await posters.fetch(posterPath: rows.posterPath) } else {
                            nil
                        }
                    return CatalogueResult(work: work, outcome: .rows(rows, poster: poster))
                case .success(let rows):
                    return CatalogueResult(
                        work: work, outcome: .failed(reason: "the answer is for id \(rows.id), not \(work.id)"))
                case .failure(let error):
                    unreadable = "the answer could not be read: \(error)"
                }
            }
        }
        return CatalogueResult(work: work, outcome: .failed(reason: unreadable))
    }
}
