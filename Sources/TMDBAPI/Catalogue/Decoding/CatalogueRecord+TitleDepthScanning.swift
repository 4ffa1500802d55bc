import JSON

/// Readers of the sub-resources movies and series share beyond credits and keywords. Each reads the appended object
/// (or `null`, giving nothing); unknown keys are skipped, `""` is read as absent.
extension CatalogueRecord.AlternativeTitle: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "iso_3166_1": country = try reader.nonEmptyString()
            case "title": title = try reader.nonEmptyString()
            case "type": type = try reader.nonEmptyString()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Translation: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "iso_639_1": language = try reader.nonEmptyString()
            case "iso_3166_1": country = try reader.nonEmptyString()
            case "name": languageName = try reader.nonEmptyString()
            case "english_name": englishName = try reader.nonEmptyString()
            case "data": try readData(&reader)
            default: try reader.skip()
            }
        }
    }

    /// `data`: `title` and `runtime` for a movie, `name` for a series; TMDB sends `""` (and runtime `0`) for what the
    /// translation does not give.
    private mutating func readData(_ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "title", "name": title = try reader.nonEmptyString()
            case "overview": overview = try reader.nonEmptyString()
            case "tagline": tagline = try reader.nonEmptyString()
            case "homepage": homepage = try reader.nonEmptyString()
            case "runtime": runtime = try reader.int().flatMap { $0 == 0 ? nil : $0 }
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Video: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": id = try reader.nonEmptyString()
            case "iso_639_1": language = try reader.nonEmptyString()
            case "iso_3166_1": country = try reader.nonEmptyString()
            case "name": name = try reader.nonEmptyString()
            case "site": site = try reader.nonEmptyString()
            case "key": self.key = try reader.nonEmptyString()
            case "type": type = try reader.nonEmptyString()
            case "official": official = try reader.bool()
            case "size": size = try reader.int()
            case "published_at": publishedAt = try reader.nonEmptyString()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Image {
    init(kind: Kind, reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init(kind: kind)
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "file_path": filePath = try reader.nonEmptyString()
            case "iso_639_1": language = try reader.nonEmptyString()
            case "width": width = try reader.int()
            case "height": height = try reader.int()
            case "aspect_ratio": aspectRatio = try reader.double()
            case "vote_average": voteAverage = try reader.double()
            case "vote_count": voteCount = try reader.int()
            default: try reader.skip()
            }
        }
    }

    /// The images of an appended `images`, its `backdrops`, `logos` and `posters` in the order the answer gives them.
    static func list(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) -> [Self] {
        var images: [Self] = []
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            let kind: Kind
            switch key {
            case "posters": kind = .poster
            case "backdrops": kind = .backdrop
            case "logos": kind = .logo
            default: return try reader.skip()
            }
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                images.append(try Self(kind: kind, reading: &reader))
            }
        }
        return images
    }
}

/// The ids of an appended page of titles (`recommendations`, `similar`): `results[].id`, in TMDB's order.
enum TitlePage {
    static func ids(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) -> [Int?] {
        var ids: [Int?] = []
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            guard key == "results" else { return try reader.skip() }
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                var id: Int?
                try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                    if key == "id" { id = try reader.int() } else { try reader.skip() }
                }
                ids.append(id)
            }
        }
        return ids
    }
}
