import JSON

extension SeriesRecord {
    /// Reads a `/tv/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted for
    /// every field, empty dates, paths and ids are read as absent; a value of the wrong kind fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.details(.tv, bytes, into: SeriesRecord(id: 0))
    }
}

extension SeriesRecord: CatalogueDetails {
    mutating func read(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        switch key {
        case "name": name = try reader.string()
        case "original_name": originalName = try reader.string()
        case "first_air_date": firstAirDate = try reader.nonEmptyString()
        case "last_air_date": lastAirDate = try reader.nonEmptyString()
        case "type": type = try reader.nonEmptyString()
        case "in_production": inProduction = try reader.bool()
        case "number_of_seasons": numberOfSeasons = try reader.int()
        case "number_of_episodes": numberOfEpisodes = try reader.int()
        case "episode_run_time": episodeRunTime = try reader.ints()
        case "languages": languageCodes = try reader.strings()
        case "created_by": try reader.elements(appendingTo: &creators)
        case "networks": try reader.elements(appendingTo: &networks)
        case "seasons": try reader.elements(appendingTo: &seasons)
        case "aggregate_credits": try reader.credits(cast: &cast, crew: &crew)
        case "content_ratings": contentRatings += try reader.elements(under: "results")
        default: if try !readTitleField(key, &reader) { try reader.skip() }
        }
    }
}

extension SeriesRecord.Creator: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            if key == "credit_id" {
                creditID = try reader.string()
            } else if try !person.read(key, &reader) {
                try reader.skip()
            }
        }
    }
}

extension SeriesRecord.Season: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": id = try reader.int()
            case "season_number": seasonNumber = try reader.int()
            case "name": name = try reader.string()
            case "air_date": airDate = try reader.nonEmptyString()
            case "episode_count": episodeCount = try reader.int()
            case "vote_average": voteAverage = try reader.double()
            case "poster_path": posterPath = try reader.nonEmptyString()
            case "overview": overview = try reader.string()
            default: try reader.skip()
            }
        }
    }
}

extension SeriesRecord.CastMember: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "roles": try reader.elements(appendingTo: &roles)
            case "total_episode_count": totalEpisodeCount = try reader.int()
            case "order": order = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension SeriesRecord.CrewMember: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "jobs": try reader.elements(appendingTo: &jobs)
            case "department": department = try reader.string()
            case "total_episode_count": totalEpisodeCount = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension SeriesRecord.CastMember.Role: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "character": character = try reader.string()
            case "episode_count": episodeCount = try reader.int()
            default: try reader.skip()
            }
        }
    }
}

extension SeriesRecord.CrewMember.Job: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "job": job = try reader.string()
            case "episode_count": episodeCount = try reader.int()
            default: try reader.skip()
            }
        }
    }
}

extension SeriesRecord.ContentRating: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "iso_3166_1": country = try reader.nonEmptyString()
            case "rating": rating = try reader.string()
            case "descriptors": descriptors = try reader.strings()
            default: try reader.skip()
            }
        }
    }
}
