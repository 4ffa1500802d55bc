/// What became of a poster: the one account of it that lists and catalogues give, a row's `poster_file` is taken
/// from, and the manifest counts (``Manifest/PosterCounts/count(_:)``).
package enum PosterOutcome: Sendable, Hashable {
    /// Posters are off for this run.
    case disabled
    /// The row has no `poster_path`.
    case absent
    /// `poster_path` was not a single safe file name: nothing fetched or written.
    case unsafePath
    case downloaded(file: String)
    /// Already in the folder, whole: not fetched again.
    case alreadyPresent(file: String)
    case failed(file: String, reason: String)

    /// The poster's file in the job's poster folder, when there is one on disk.
    package var savedFile: String? {
        switch self {
        case .downloaded(let file), .alreadyPresent(let file): file
        case .disabled, .absent, .unsafePath, .failed: nil
        }
    }
}

extension Manifest.PosterCounts {
    /// Counts one poster (a row's, or a file's): posters off count as nothing.
    package mutating func count(_ outcome: PosterOutcome) {
        switch outcome {
        case .disabled: break
        case .absent: absent += 1
        case .unsafePath: unsafePath += 1
        case .downloaded: downloaded += 1
        case .alreadyPresent: alreadyPresent += 1
        case .failed: failed += 1
        }
    }
}
