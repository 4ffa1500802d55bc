extension Movie: ScannableListItem {
    /// Reads a movie as ``init(from:)`` decodes it (see ``ScannableListItem``).
    init?(scanning scanner: inout JSONScanner) {
        var id: Int?
        var title: String?
        var movie = Movie(id: 0, title: "")
        var seen = SeenKeys()
        let complete = scanner.object { scanner, key in
            switch key {
            case "id":
                guard seen.first(0), let value = scanner.int() else { return false }
                id = value
            case "title":
                guard seen.first(1), let value = scanner.string() else { return false }
                title = value
            case "original_title":
                guard seen.first(2), let value = scanner.nullable({ $0.string() }) else { return false }
                movie.originalTitle = value
            case "release_date":
                guard seen.first(3), let value = scanner.nullable({ $0.string() }) else { return false }
                movie.releaseDate = value?.nonEmpty
            default:
                return movie.scanSharedField(key, &scanner, &seen) ?? scanner.skipValue()
            }
            return true
        }
        guard complete, let id, let title else { return nil }
        movie.id = id
        movie.title = title
        self = movie
    }
}
