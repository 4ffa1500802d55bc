/// The version of tmdb-export, reported by `--version`, sent as the User-Agent and written to manifests.
public enum ToolVersion {
    /// The current version.
    public static let current = "0.1.0"
}
