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
    enum Outcome: Sendable, Hashable {
        case downloaded
        /// Already in the folder, whole: not fetched again.
        case alreadyPresent
        /// The record has no `poster_path`.
        case absent
        /// `poster_path` was not a single safe file name: nothing fetched or written.
        case unsafePath
        case failed(file: String, reason: String)
    }

    func fetch(posterPath: String?) async -> Outcome {
        guard let posterPath, !posterPath.isEmpty else { return .absent }
        guard let file = PosterFileName.safeFileName(for: posterPath) else { return .unsafePath }
        if store.isPresent(file) { return .alreadyPresent }
        switch await client.result(of: TMDB.PosterImage(size: store.size, posterPath: "/" + file)) {
        case .failure(let error):
            return .failed(file: file, reason: error.reasonDescription)
        case .success(let data):
            do throws(OutputError) {
                let store = store
                try await writes.run { () throws(OutputError) in try store.save(data, as: file) }
                return .downloaded
            } catch {
                return .failed(file: file, reason: "\(error)")
            }
        }
    }
}

extension Manifest.PosterCounts {
    /// Counts one id's poster.
    mutating func count(_ outcome: CataloguePosters.Outcome) {
        switch outcome {
        case .downloaded: downloaded += 1
        case .alreadyPresent: alreadyPresent += 1
        case .absent: absent += 1
        case .unsafePath: unsafePath += 1
        case .failed: failed += 1
        }
    }
}
