import JSON

extension TitleRecord {
    /// Reads `key` into the title if it is one of the fields movies and series share; false, reading nothing, if it
    /// is not.
    mutating func readTitleField(_ key: JSONKey, _ reader: inout CatalogueReader) throws(CatalogueReader.Failure)
        -> Bool
    {
        switch key {
        case "original_language": originalLanguage = try reader.nonEmptyString()
        case "status": status = try reader.nonEmptyString()
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
        case "genres": try reader.elements(appendingTo: &genres)
        case "production_companies": try reader.elements(appendingTo: &companies)
        case "production_countries": try reader.elements(appendingTo: &countries)
        case "spoken_languages": try reader.elements(appendingTo: &languages)
        // Under `keywords` for movies, `results` for series.
        case "keywords": keywords = try reader.elements(under: "keywords", "results")
        case "external_ids": externalIDs = try CatalogueRecord.ExternalIDs(reading: &reader)
        // Under `titles` for movies, `results` for series.
        case "alternative_titles": alternativeTitles = try reader.elements(under: "titles", "results")
        case "translations": translations = try reader.elements(under: "translations")
        case "videos": videos = try reader.elements(under: "results")
        case "images": images = try CatalogueRecord.Image.list(reading: &reader)
        case "recommendations": recommendations = try TitlePage.ids(reading: &reader)
        case "similar": similar = try TitlePage.ids(reading: &reader)
        case "watch/providers": watchOffers = try CatalogueRecord.WatchOffer.list(reading: &reader)
        default: return false
        }
        return true
    }
}
