/// The version of tmdb-export, reported by `--version`, sent in the User-Agent and written to manifests.
enum ToolVersion {
    static let current = "0.1.0"
    /// `tmdb-export/<version>`.
    static let userAgent = "tmdb-export/\(current)"
}
