import JSON

extension MovieRecord {
    /// Reads a `/movie/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted
    /// for every field, `runtime: 0` and empty dates, paths and ids are read as absent; a value of the wrong kind
    /// fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.record(.movie, bytes) { (reader, id) throws(CatalogueReader.Failure) in
            var movie = MovieRecord(id: 0)
            try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                try movie.read(key, &reader, &id)
            }
            movie.id = try CatalogueReader.requireID(id, reader)
            movie.largeIntegers = reader.largeIntegers
            return movie
        }
    }

    private mutating func read(
        _ key: JSONKey, _ reader: inout CatalogueReader, _ id: inout Int?
    ) throws(CatalogueReader.Failure) {
        switch key {
        case "id": id = try reader.int()
        case "imdb_id": imdbID = try reader.nonEmptyString()
        case "title": title = try reader.string()
        case "original_title": originalTitle = try reader.string()
        case "original_language": originalLanguage = try reader.nonEmptyString()
        case "release_date": releaseDate = try reader.nonEmptyString()
        case "runtime": runtime = try reader.int().flatMap { $0 == 0 ? nil : $0 }
        case "budget": budget = try reader.int()
        case "revenue": revenue = try reader.int()
        case "status": status = try reader.nonEmptyString()
        case "popularity": popularity = try reader.double()
        case "vote_average": voteAverage = try reader.double()
        case "vote_count": voteCount = try reader.int()
        case "adult": adult = try reader.bool()
        case "video": video = try reader.bool()
        case "belongs_to_collection": collection = try Collection(reading: &reader)
        case "overview": overview = try reader.string()
        case "tagline": tagline = try reader.nonEmptyString()
        case "homepage": homepage = try reader.nonEmptyString()
        case "poster_path": posterPath = try reader.nonEmptyString()
        case "backdrop_path": backdropPath = try reader.nonEmptyString()
        case "origin_country": originCountry = try reader.strings()
        case "genres":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                genres.append(try CatalogueRecord.Genre(reading: &reader))
            }
        case "production_companies":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                companies.append(try CatalogueRecord.Company(reading: &reader))
            }
        case "production_countries":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                countries.append(try CatalogueRecord.Country(reading: &reader))
            }
        case "spoken_languages":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                languages.append(try CatalogueRecord.Language(reading: &reader))
            }
        case "credits": try readCredits(&reader)
        case "keywords": keywords = try CatalogueRecord.Keyword.list(reading: &reader)
        case "external_ids": externalIDs = try CatalogueRecord.ExternalIDs(reading: &reader)
        case "release_dates": try readReleaseDates(&reader)
        case "alternative_titles": alternativeTitles = try CatalogueRecord.AlternativeTitle.list(reading: &reader)
        case "translations": translations = try CatalogueRecord.Translation.list(reading: &reader)
        case "videos": videos = try CatalogueRecord.Video.list(reading: &reader)
        case "images": images = try CatalogueRecord.Image.list(reading: &reader)
        case "recommendations": recommendations = try TitlePage.ids(reading: &reader)
        case "similar": similar = try TitlePage.ids(reading: &reader)
        case "watch/providers": watchOffers = try CatalogueRecord.WatchOffer.list(reading: &reader)
        default: try reader.skip()
        }
    }

    private mutating func readCredits(_ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "cast":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    cast.append(try CastMember(reading: &reader))
                }
            case "crew":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    crew.append(try CrewMember(reading: &reader))
                }
            default: try reader.skip()
            }
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
                    case "release_dates":
                        try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                            releases.append(try ReleaseDate(reading: &reader))
                        }
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

extension MovieRecord.CastMember {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
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

extension MovieRecord.CrewMember {
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

extension MovieRecord.ReleaseDate {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
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
