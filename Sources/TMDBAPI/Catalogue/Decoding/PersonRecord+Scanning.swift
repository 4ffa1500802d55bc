import JSON

extension PersonRecord {
    /// Reads a `/person/{id}` answer with any appended sub-resources. Unknown keys are skipped, `null` is accepted for
    /// every field, empty dates, paths and ids are read as absent; a value of the wrong kind fails with its key path.
    public init(details bytes: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
        self = try CatalogueReader.details(.person, bytes, into: PersonRecord(id: 0))
    }
}

extension PersonRecord: CatalogueDetails {
    mutating func read(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        switch key {
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
        case "combined_credits": try reader.credits(cast: &cast, crew: &crew)
        case "external_ids": externalIDs = try CatalogueRecord.ExternalIDs(reading: &reader)
        default: try reader.skip()
        }
    }
}

/// What a person's cast and crew credits both carry: the credit and the title it is for.
protocol PersonCredit {
    var creditID: String? { get set }
    var mediaType: String? { get set }
    var mediaID: Int? { get set }
    var episodeCount: Int? { get set }
}

extension PersonCredit {
    /// Reads `key` into the credit if it is one of the fields cast and crew credits share; false, reading nothing, if
    /// it is not. The title's fields an entry carries (title, overview, votes…) are not: the title's own tables have
    /// them.
    mutating func readCreditField(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure)
        -> Bool
    {
        switch key {
        case "credit_id": creditID = try reader.string()
        case "media_type": mediaType = try reader.nonEmptyString()
        case "id": mediaID = try reader.int()
        case "episode_count": episodeCount = try reader.int()
        default: return false
        }
        return true
    }
}

extension PersonRecord.CastCredit: PersonCredit, CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "character": character = try reader.string()
            case "order": order = try reader.int()
            default: if try !readCreditField(key, &reader) { try reader.skip() }
            }
        }
    }
}

extension PersonRecord.CrewCredit: PersonCredit, CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "department": department = try reader.string()
            case "job": job = try reader.string()
            default: if try !readCreditField(key, &reader) { try reader.skip() }
            }
        }
    }
}
