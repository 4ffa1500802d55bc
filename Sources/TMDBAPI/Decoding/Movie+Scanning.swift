import JSON

extension Movie {
    public init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var id: Int?
        var title: String?
        var movie = Movie(id: 0, title: "")
        var seen = SeenKeys()
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            switch key {
            case "id":
                try seen.insert(0, scanner)
                id = try scanner.int()
            case "title":
                try seen.insert(1, scanner)
                title = try scanner.string()
            case "original_title":
                try seen.insert(2, scanner)
                movie.originalTitle = try scanner.null() ? nil : scanner.string()
            case "release_date":
                try seen.insert(3, scanner)
                movie.releaseDate = try scanner.null() ? nil : scanner.string().nonEmpty
            case "video":
                try seen.insert(4, scanner)
                movie.video = try scanner.null() ? nil : scanner.bool()
            default:
                if try !movie.scanSharedField(key, &scanner, &seen) { try scanner.skipValue() }
            }
        }
        guard let id, let title else { throw scanner.failure("a movie without id or title") }
        movie.id = id
        movie.title = title
        self = movie
    }
}
