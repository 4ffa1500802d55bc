extension Manifest {
    /// The `watch_providers` table, read from TMDB's provider lists once a run when a catalogue appends
    /// `watch/providers`.
    public struct WatchProviderSummary: Codable, Sendable, Hashable {
        /// The lists read, by path: `watch/providers/movie`, `watch/providers/tv`.
        public var lists: [String]
        /// The services each list named, in the order of `lists`.
        public var providersInLists: [Int]
        /// `watch_providers.csv` and `watch_providers.ndjson`, with their rows, size and SHA-256.
        public var files: [DataFile]
        /// Strings of the lists with NUL or invalid Unicode, repaired to U+FFFD; nil in a manifest from before.
        public var stringsRepaired: Int? = nil

        package init(lists: [String], providersInLists: [Int], files: [DataFile]) {
            self.lists = lists
            self.providersInLists = providersInLists
            self.files = files
        }
    }
}
