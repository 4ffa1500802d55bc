import JSON

extension SeriesRecord {
    /// Reads a `/tv/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted for
    /// every field, empty dates, paths and ids are read as absent; a value of the wrong kind fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.record(.tv, bytes) { (reader, id) throws(CatalogueReader.Failure) in
            var series = SeriesRecord(id: 0)
            try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                try series.read(key, &reader, &id)
            }
            series.id = try CatalogueReader.requireID(id, reader)
            series.largeIntegers = reader.largeIntegers
            return series
        }
    }

    private mutating func read(
        _ key: JSONKey, _ reader: inout CatalogueReader, _ id: inout Int?
    ) throws(CatalogueReader.Failure) {
        switch key {
        case "id": id = try reader.int()
        case "name": name = try reader.string()
        case "original_name": originalName = try reader.string()
        case "original_language": originalLanguage = try reader.nonEmptyString()
        case "first_air_date": firstAirDate = try reader.nonEmptyString()
        case "last_air_date": lastAirDate = try reader.nonEmptyString()
        case "status": status = try reader.nonEmptyString()
        case "type": type = try reader.nonEmptyString()
        case "in_production": inProduction = try reader.bool()
        case "number_of_seasons": numberOfSeasons = try reader.int()
        case "number_of_episodes": numberOfEpisodes = try reader.int()
        case "episode_run_time": episodeRunTime = try reader.ints()
        case "popularity": popularity = try reader.double()
        case "vote_average": voteAverage = try reader.double()
        case "vote_count": voteCount = try reader.int()
        case "adult": adult = try reader.bool()
        case "overview": overview = try reader.string()
        case "tagline": tagline = try reader.nonEmptyString()
        case "homepage": homepage = try reader.nonEmptyString()
        case "poster_path": posterPath = try reader.nonEmptyString()
        case "backdrop_path": backdropPath = try reader.nonEmptyString()
        case "origin_country": originCountry = try reader.strings()
        case "languages": languageCodes = try reader.strings()
        case "genres":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                genres.append(try CatalogueRecord.Genre(reading: &reader))
            }
        case "created_by":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                creators.append(try Creator(reading: &reader))
            }
        case "networks":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                networks.append(try CatalogueRecord.Company(reading: &reader))
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
        case "seasons":
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                seasons.append(try Season(reading: &reader))
            }
        case "aggregate_credits": try readCredits(&reader)
        case "keywords": keywords = try CatalogueRecord.Keyword.list(reading: &reader)
        case "external_ids": externalIDs = try CatalogueRecord.ExternalIDs(reading: &reader)
        case "content_ratings":
            try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                guard key == "results" else { return try reader.skip() }
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    contentRatings.append(try ContentRating(reading: &reader))
                }
            }
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
}

extension SeriesRecord.Creator {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
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

extension SeriesRecord.Season {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
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

extension SeriesRecord.CastMember {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "roles":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    var role = Role()
                    try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                        switch key {
                        case "credit_id": role.creditID = try reader.string()
                        case "character": role.character = try reader.string()
                        case "episode_count": role.episodeCount = try reader.int()
                        default: try reader.skip()
                        }
                    }
                    roles.append(role)
                }
            case "total_episode_count": totalEpisodeCount = try reader.int()
            case "order": order = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension SeriesRecord.CrewMember {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "jobs":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    var job = Job()
                    try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                        switch key {
                        case "credit_id": job.creditID = try reader.string()
                        case "job": job.job = try reader.string()
                        case "episode_count": job.episodeCount = try reader.int()
                        default: try reader.skip()
                        }
                    }
                    jobs.append(job)
                }
            case "department": department = try reader.string()
            case "total_episode_count": totalEpisodeCount = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension SeriesRecord.ContentRating {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
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
