import JSON

extension PersonRecord {
    /// Reads a `/person/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted for
    /// every field, empty dates, paths and ids are read as absent; a value of the wrong kind fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.record(.person, bytes) { (reader, id) throws(CatalogueReader.Failure) in
            var person = PersonRecord(id: 0)
            try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                try person.read(key, &reader, &id)
            }
            person.id = try CatalogueReader.requireID(id, reader)
            person.largeIntegers = reader.largeIntegers
            return person
        }
    }

    private mutating func read(
        _ key: JSONKey, _ reader: inout CatalogueReader, _ id: inout Int?
    ) throws(CatalogueReader.Failure) {
        switch key {
        case "id": id = try reader.int()
        case "imdb_id": imdbID = try reader.nonEmptyString()
        case "name": name = try reader.string()
        case "gender": gender = try reader.int()
        case "birthday": birthday = try reader.nonEmptyString()
        case "deathday": deathday = try reader.nonEmptyString()
        case "place_of_birth": placeOfBirth = try reader.string()
        case "known_for_department": knownForDepartment = try reader.string()
        case "popularity": popularity = try reader.double()
        case "adult": adult = try reader.bool()
        case "homepage": homepage = try reader.nonEmptyString()
        case "biography": biography = try reader.string()
        case "profile_path": profilePath = try reader.nonEmptyString()
        case "also_known_as": alsoKnownAs = try reader.strings()
        case "combined_credits": try readCredits(&reader)
        case "external_ids": externalIDs = try CatalogueRecord.ExternalIDs(reading: &reader)
        default: try reader.skip()
        }
    }

    private mutating func readCredits(_ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "cast":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    cast.append(try CastCredit(reading: &reader))
                }
            case "crew":
                try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                    crew.append(try CrewCredit(reading: &reader))
                }
            default: try reader.skip()
            }
        }
    }
}

extension PersonRecord.CastCredit {
    /// The title's fields an entry carries (title, overview, votes…) are skipped: the title's own tables have them.
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "media_type": mediaType = try reader.nonEmptyString()
            case "id": mediaID = try reader.int()
            case "character": character = try reader.string()
            case "order": order = try reader.int()
            case "episode_count": episodeCount = try reader.int()
            default: try reader.skip()
            }
        }
    }
}

extension PersonRecord.CrewCredit {
    fileprivate init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "media_type": mediaType = try reader.nonEmptyString()
            case "id": mediaID = try reader.int()
            case "department": department = try reader.string()
            case "job": job = try reader.string()
            case "episode_count": episodeCount = try reader.int()
            default: try reader.skip()
            }
        }
    }
}
