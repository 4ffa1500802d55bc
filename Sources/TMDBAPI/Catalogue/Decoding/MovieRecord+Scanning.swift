import JSON

extension MovieRecord {
    /// Reads a `/movie/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted
    /// for every field, `runtime: 0` and empty dates, paths and ids are read as absent; a value of the wrong kind
    /// fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.details(.movie, bytes, into: MovieRecord(id: 0))
    }
}

extension MovieRecord: CatalogueDetails {
    mutating func read(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        switch key {
        case "imdb_id": imdbID = try reader.nonEmptyString()
        case "title": title = try reader.string()
        case "original_title": originalTitle = try reader.string()
        case "release_date": releaseDate = try reader.nonEmptyString()
        case "runtime": runtime = try reader.int().flatMap { $0 == 0 ? nil : $0 }
        case "budget": budget = try reader.int()
        case "revenue": revenue = try reader.int()
        case "video": video = try reader.bool()
        case "belongs_to_collection": collection = try Collection(reading: &reader)
        case "credits": try reader.credits(cast: &cast, crew: &crew)
        case "release_dates": try readReleaseDates(&reader)
        default: if try !readTitleField(key, &reader) { try reader.skip() }
        }
    }

    /// Flattens `{"results": [{"iso_3166_1": …, "release_dates": […]}]}` into one entry per release.
    private mutating func readReleaseDates(_ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            guard key == "results" else { return try reader.skip() }
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                var country: String?
                var releases: [ReleaseDate] = []
                try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                    switch key {
                    case "iso_3166_1": country = try reader.nonEmptyString()
                    case "release_dates": try reader.elements(appendingTo: &releases)
                    default: try reader.skip()
                    }
                }
                // The country may come after its releases.
                for index in releases.indices { releases[index].country = country }
                releaseDates.append(contentsOf: releases)
            }
        }
    }
}

extension MovieRecord.Collection {
    /// nil for `null`.
    fileprivate init?(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        var collection = Self()
        let isObject = try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": collection.id = try reader.int()
            case "name": collection.name = try reader.string()
            case "poster_path": collection.posterPath = try reader.nonEmptyString()
            case "backdrop_path": collection.backdropPath = try reader.nonEmptyString()
            default: try reader.skip()
            }
        }
        guard isObject else { return nil }
        self = collection
    }
}

extension MovieRecord.CastMember: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "cast_id": castID = try reader.int()
            case "character": character = try reader.string()
            case "order": order = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension MovieRecord.CrewMember: CatalogueElement {
    /// Also a season's episode crew entry (``SeasonRecord/CrewCredit``).
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "department": department = try reader.string()
            case "job": job = try reader.string()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension MovieRecord.ReleaseDate: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "type": type = try reader.int()
            case "release_date": date = try reader.nonEmptyString()
            case "certification": certification = try reader.nonEmptyString()
            case "note": note = try reader.nonEmptyString()
            case "iso_639_1": language = try reader.nonEmptyString()
            case "descriptors": descriptors = try reader.strings()
            default: try reader.skip()
            }
        }
    }
}
