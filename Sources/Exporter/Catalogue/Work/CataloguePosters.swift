import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Downloads an id's poster into the job's shared poster folder, inside the id's own work, so that an id is written
/// (and checkpointed) only once its poster is saved or has failed: a resumed run never misses one.
struct CataloguePosters: Sendable {
    let download: PosterDownload
    /// The image CDN's client: no credentials, its own in-flight limit.
    let client: APIClient

    /// What became of one id's poster.
    func fetch(posterPath: String?) async -> PosterOutcome {
        guard let posterPath, !posterPath.isEmpty else { return .absent }
        guard let file = PosterFileName.safeFileName(for: posterPath) else { return .unsafePath }
        if download.store.isPresent(file) { return .alreadyPresent(file: file) }
        return await download.fetch(file, from: client)
            ?? .failed(file: file, reason: "not sent: the run was stopping")
    }
}
