import JSON

/// Readers of the parts both records share. Each reads one object (or `null`, giving the empty value); unknown keys
/// are skipped.
extension CatalogueRecord.NamedID: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": id = try reader.int()
            case "name": name = try reader.string()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Company: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": id = try reader.int()
            case "name": name = try reader.string()
            case "origin_country": originCountry = try reader.nonEmptyString()
            case "logo_path": logoPath = try reader.nonEmptyString()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Country: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "iso_3166_1": code = try reader.nonEmptyString()
            case "name": name = try reader.string()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Language: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "iso_639_1": code = try reader.nonEmptyString()
            case "english_name": englishName = try reader.string()
            case "name": name = try reader.string()
            default: try reader.skip()
            }
        }
    }
}

extension CatalogueRecord.Person {
    /// Reads `key` into the person if it is one of a person's fields; false, reading nothing, if it is not.
    mutating func read(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure) -> Bool {
        switch key {
        case "id": id = try reader.int()
        case "name": name = try reader.string()
        case "original_name": originalName = try reader.string()
        case "gender": gender = try reader.int()
        case "known_for_department": knownForDepartment = try reader.string()
        case "popularity": popularity = try reader.double()
        case "profile_path": profilePath = try reader.nonEmptyString()
        case "adult": adult = try reader.bool()
        default: return false
        }
        return true
    }
}

extension CatalogueRecord.ExternalIDs {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "imdb_id": imdbID = try reader.nonEmptyString()
            case "wikidata_id": wikidataID = try reader.nonEmptyString()
            case "facebook_id": facebookID = try reader.nonEmptyString()
            case "instagram_id": instagramID = try reader.nonEmptyString()
            case "twitter_id": twitterID = try reader.nonEmptyString()
            case "tvdb_id": tvdbID = try reader.int()
            case "freebase_mid": freebaseMID = try reader.nonEmptyString()
            case "freebase_id": freebaseID = try reader.nonEmptyString()
            case "tvrage_id": tvrageID = try reader.int()
            case "tiktok_id": tiktokID = try reader.nonEmptyString()
            case "youtube_id": youtubeID = try reader.nonEmptyString()
            default: try reader.skip()
            }
        }
    }
}
