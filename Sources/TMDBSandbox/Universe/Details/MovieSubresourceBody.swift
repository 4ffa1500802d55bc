/// The small sub-resources of a movie's details: `keywords`, `external_ids`, `release_dates`, drawn from the id.
enum MovieSubresourceBody {
    /// `{"keywords":[{"id":…,"name":…},…]}`: TMDB's movie keywords sit under `keywords` (its series' under
    /// `results`).
    static func appendKeywords(to json: inout JSONBuffer, movieId: Int, delta: Int = 0) {
        var random = SplitMix64(seed: keywordSeed, stream: UInt64(movieId))
        json.raw("{\"keywords\":")
        KeywordPool.appendList(to: &json, maximum: 15, delta: delta, &random)
        json.raw("}")
    }

    /// `{"imdb_id":…,"wikidata_id":…,"facebook_id":…,"instagram_id":…,"twitter_id":…}`; `imdb_id` as in the
    /// details (nil: `null`), the others `null` for most movies.
    static func appendExternalIds(to json: inout JSONBuffer, movieId: Int, imdbId: String?) {
        var random = SplitMix64(seed: externalSeed, stream: UInt64(movieId))
        json.raw("{\"imdb_id\":")
        json.optionalString(imdbId)
        json.raw(",\"wikidata_id\":")
        json.optionalString(random.next() % 3 == 0 ? nil : "Q\(100_000 + movieId * 3)")
        json.raw(",\"facebook_id\":")
        json.optionalString(random.next() % 4 == 0 ? "movie\(movieId)" : nil)
        json.raw(",\"instagram_id\":")
        json.optionalString(random.next() % 5 == 0 ? "movie_\(movieId)" : nil)
        json.raw(",\"twitter_id\":")
        json.optionalString(random.next() % 6 == 0 ? "Movie\(movieId)" : nil)
        json.raw("}")
    }

    /// `{"results":[{"iso_3166_1":…,"release_dates":[{"certification":…,"descriptors":[],"iso_639_1":…,"note":…,
    /// "release_date":"2019-10-02T00:00:00.000Z","type":…}]}]}`: 0 to 6 countries, 1 to 3 dates each, from the
    /// movie's release date (or 2025-06-01 when it has none).
    static func appendReleaseDates(to json: inout JSONBuffer, movieId: Int, releaseDate: String) {
        var random = SplitMix64(seed: releaseSeed, stream: UInt64(movieId))
        let date = releaseDate.isEmpty ? "2025-06-01" : releaseDate
        let countryCount = Int(random.next() % 7)
        var start = Int(random.next() % UInt64(certifications.count))
        json.raw("{\"results\":")
        json.objectArray(0..<countryCount) { json, _ in
            start = (start + 1) % certifications.count
            let (country, ratings) = certifications[start]
            json.raw("\"iso_3166_1\":")
            json.string(country)
            json.raw(",\"release_dates\":")
            json.objectArray(0..<(1 + Int(random.next() % 3))) { json, _ in
                json.raw("\"certification\":")
                json.string(random.next() % 4 == 0 ? "" : ratings[Int(random.next() % UInt64(ratings.count))])
                json.raw(",\"descriptors\":")
                json.stringArray(random.next() % 10 == 0 ? ["Violence", "Language"] : [])
                json.raw(",\"iso_639_1\":")
                json.string(random.next() % 5 == 0 ? "en" : "")
                json.raw(",\"note\":")
                json.string(notes[Int(random.next() % UInt64(notes.count))])
                json.raw(",\"release_date\":")
                json.string("\(date)T00:00:00.000Z")
                json.raw(",\"type\":")
                json.int(1 + Int(random.next() % 6))
            }
        }
        json.raw("}")
    }

    private static let keywordSeed: UInt64 = 0x4D4B_4559_574F_5244
    private static let externalSeed: UInt64 = 0x4D45_5854_4944
    private static let releaseSeed: UInt64 = 0x4D52_454C_4541_5345
    static let certifications: [(country: String, ratings: [String])] = [
        ("US", ["G", "PG", "PG-13", "R", "NC-17"]), ("GB", ["U", "PG", "12A", "15", "18"]),
        ("DE", ["0", "6", "12", "16", "18"]), ("FR", ["U", "12", "16", "18"]), ("JP", ["G", "PG12", "R15+"]),
        ("BR", ["L", "10", "12", "14", "16", "18"]), ("KR", ["All", "12", "15", "18"]), ("ES", ["A", "7", "12", "16"]),
    ]
    private static let notes = [
        "", "", "", "", "Cannes Film Festival", "Premiere, \"Gala\" screening", "DVD", "Netflix",
    ]
}
