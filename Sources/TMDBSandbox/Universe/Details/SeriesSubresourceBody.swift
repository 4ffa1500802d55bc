/// The small sub-resources of a series' details: `keywords`, `external_ids`, `content_ratings`, drawn from the id.
enum SeriesSubresourceBody {
    /// `{"results":[{"id":…,"name":…},…]}`: TMDB's series keywords sit under `results`, unlike its movies'.
    static func appendKeywords(to json: inout JSONBuffer, seriesId: Int, delta: Int = 0) {
        var random = SplitMix64(seed: keywordSeed, stream: UInt64(seriesId))
        json.raw("{\"results\":")
        KeywordPool.appendList(to: &json, maximum: 12, delta: delta, &random)
        json.raw("}")
    }

    /// `{"imdb_id":…,"freebase_mid":…,"freebase_id":…,"tvdb_id":…,"tvrage_id":…,"wikidata_id":…,"facebook_id":…,
    /// "instagram_id":…,"twitter_id":…}`, mostly `null` apart from `imdb_id` and `tvdb_id`.
    static func appendExternalIds(to json: inout JSONBuffer, seriesId: Int) {
        var random = SplitMix64(seed: externalSeed, stream: UInt64(seriesId))
        json.raw("{\"imdb_id\":")
        json.optionalString(random.next() % 6 == 0 ? nil : "tt\(2_000_000 + seriesId * 7)")
        json.raw(",\"freebase_mid\":")
        json.optionalString(random.next() % 4 == 0 ? "/m/0\(String(seriesId, radix: 36))" : nil)
        json.raw(",\"freebase_id\":")
        json.optionalString(random.next() % 5 == 0 ? "/en/series_\(seriesId)" : nil)
        json.raw(",\"tvdb_id\":")
        if random.next() % 5 == 0 { json.null() } else { json.int(70_000 + seriesId * 3) }
        json.raw(",\"tvrage_id\":")
        if random.next() % 3 == 0 { json.int(seriesId / 2) } else { json.null() }
        json.raw(",\"wikidata_id\":")
        json.optionalString(random.next() % 3 == 0 ? nil : "Q\(500_000 + seriesId)")
        json.raw(",\"facebook_id\":")
        json.optionalString(random.next() % 4 == 0 ? "series\(seriesId)" : nil)
        json.raw(",\"instagram_id\":")
        json.optionalString(random.next() % 5 == 0 ? "series_\(seriesId)" : nil)
        json.raw(",\"twitter_id\":")
        json.optionalString(random.next() % 6 == 0 ? "Series\(seriesId)" : nil)
        json.raw("}")
    }

    /// `{"results":[{"descriptors":[],"iso_3166_1":"US","rating":"TV-MA"},…]}`: 0 to 5 countries; in about one
    /// series of three that has any, the first country is rated a second time, last, as TMDB rates Game of Thrones'
    /// AU both `R18+` and `R 18+` and its FR both `16` and `12`.
    static func appendContentRatings(to json: inout JSONBuffer, seriesId: Int) {
        var random = SplitMix64(seed: ratingSeed, stream: UInt64(seriesId))
        var start = Int(random.next() % UInt64(ratings.count))
        json.raw("{\"results\":[")
        var first: (country: String, values: [String], value: Int)?
        for offset in 0..<Int(random.next() % 6) {
            start = (start + 1) % ratings.count
            let (country, values) = ratings[start]
            json.raw(offset == 0 ? "{\"descriptors\":" : ",{\"descriptors\":")
            json.stringArray(random.next() % 8 == 0 ? ["Violence"] : [])
            json.raw(",\"iso_3166_1\":")
            json.string(country)
            json.raw(",\"rating\":")
            let value = Int(random.next() % UInt64(values.count))
            json.string(values[value])
            json.raw("}")
            if offset == 0 { first = (country, values, value) }
        }
        // Drawn after the others, so that every series keeps the ratings it had before repeats were added.
        if let first, random.next() % 3 == 0 {
            json.raw(",{\"descriptors\":[],\"iso_3166_1\":")
            json.string(first.country)
            json.raw(",\"rating\":")
            json.string(first.values[(first.value + 1) % first.values.count])
            json.raw("}")
        }
        json.raw("]}")
    }

    private static let keywordSeed: UInt64 = 0x544B_4559_574F_5244
    private static let externalSeed: UInt64 = 0x5445_5854_4944
    private static let ratingSeed: UInt64 = 0x5452_4154_494E_4753
    private static let ratings: [(country: String, values: [String])] = [
        ("US", ["TV-Y", "TV-G", "TV-PG", "TV-14", "TV-MA"]), ("GB", ["U", "PG", "12", "15", "18"]),
        ("DE", ["0", "6", "12", "16", "18"]), ("BR", ["L", "10", "12", "14", "16", "18"]), ("KR", ["ALL", "15", "19"]),
        ("FR", ["10", "12", "16"]), ("JP", ["G", "R15+"]),
    ]
}
