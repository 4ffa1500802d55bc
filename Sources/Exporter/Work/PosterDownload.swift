import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Fetches a poster from the image CDN and saves it in the poster store: the one way lists and catalogues do it.
///
/// A poster holds one of `slots` from before its request until its file is renamed into place, not only while it is
/// on the wire: posters fetched but not yet on disk never outnumber the poster concurrency, so a run killed at any
/// moment (`kill -9`) leaves at most that many for the next run to fetch again. Without it, answers waiting for the
/// write lane while the next requests went out doubled that (issue 35).
struct PosterDownload: Sendable {
    let store: PosterStore
    /// One per poster being fetched or saved: as many as the poster concurrency.
    let slots: InFlightLimit
    /// Where posters are written, one at a time, off the cooperative pool.
    var writes = BlockingFiles(serial: "tmdb-export.file-writes")

    /// A download into `store` of at most `concurrency` posters at once, counted until they are saved.
    init(store: PosterStore, concurrency: Int) {
        self.store = store
        slots = InFlightLimit(concurrency)
    }

    /// Fetches `file` through `client` and saves it.
    /// - Returns: `.downloaded` or `.failed`; nil when it was never sent (the client was stopped, or the task
    ///   cancelled while waiting for a slot).
    func fetch(_ file: String, from client: APIClient) async -> PosterOutcome? {
        do { try await slots.acquire() } catch { return nil }
        defer { slots.release() }
        let data: Data
        switch await client.result(of: TMDB.PosterImage(size: store.size, posterPath: "/" + file)) {
        case .success(let downloaded): data = downloaded
        case .failure(let error) where error.reason == .notSent: return nil
        case .failure(let error): return .failed(file: file, reason: error.reasonDescription)
        }
        do throws(OutputError) {
            let store = store
            try await writes.run { () throws(OutputError) in try store.save(data, as: file) }
            return .downloaded(file: file)
        } catch {
            return .failed(file: file, reason: "\(error)")
        }
    }
}
