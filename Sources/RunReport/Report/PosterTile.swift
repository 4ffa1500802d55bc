import RunStore

/// One poster of a contact sheet.
package struct PosterTile: Sendable, Hashable {
    /// The row's rank in its list, or its place by popularity in a catalogue.
    package var rank: Int
    package var title: String
    /// The poster's path relative to the job folder, as in `poster_file`: `posters/<size>/<file>`.
    package var file: String
    /// The release (first air) year, when known.
    package var year: Int?
    /// Nil when the row has no votes.
    package var voteAverage: String?

    /// `poster_file` when it is a path the exporter writes (`posters/<size>/<safe file name>`), else nil: the report
    /// links nothing else, whatever a data file says.
    package static func checkedFile(_ posterFile: String?) -> String? {
        guard let posterFile else { return nil }
        let parts = posterFile.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "posters", !parts[1].isEmpty,
            parts[1].utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }),
            PosterFileName.safeFileName(for: "/" + parts[2]) != nil
        else { return nil }
        return posterFile
    }

    package init(rank: Int, title: String, file: String, year: Int? = nil, voteAverage: String? = nil) {
        self.rank = rank
        self.title = title
        self.file = file
        self.year = year
        self.voteAverage = voteAverage
    }
}
