import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Downloads an id's poster into the job's shared poster folder, inside the id's own work, so that an id is written
/// (and checkpointed) only once its poster is saved or has failed: a resumed run never misses one.
struct CataloguePosters: Sendable {
    let store: PosterStore
    /// The image CDN's client: no credentials, its own in-flight limit.
    let client: APIClient
    /// Where posters are written, one at a time, off the cooperative pool (as the lists' are).
    let writes = BlockingFiles(serial: "tmdb-export.file-writes")

    /// What became of one id's poster.
    func fetch(posterPath: String?) async -> PosterOutcome {
        guard let posterPath, !posterPath.isEmpty else { return .absent }
        guard let file = PosterFileName.safeFileName(for: posterPath) else { return .unsafePath }
        if store.isPresent(file) { return .alreadyPresent(file: file) }
        switch await client.result(of: TMDB.PosterImage(size: store.size, posterPath: "/" + file)) {
        case .failure(let error):
            return .failed(file: file, reason: error.reasonDescription)
        case .success(let data):
            do throws(OutputError) {
                let store = store
                try await writes.run { () throws(OutputError) in try store.save(data, as: file) }
                return .downloaded(file: file)
            } catch {
                return .failed(file: file, reason: "\(error)")
            }
        }
    }
}
