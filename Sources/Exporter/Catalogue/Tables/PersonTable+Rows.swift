import RunStore
import TMDBAPI

extension PersonTable {
    /// Encodes the rows `person` gives this table, children in TMDB's order, in the table's column order.
    func encodeRows(of person: PersonRecord, freshness: RowFreshness, into encoder: inout RecordEncoder) -> Int {
        let id = person.id
        switch self {
        case .people:
            encoder.integer("id", id)
            encoder.string("imdb_id", person.imdbID)
            encoder.string("name", person.name)
            encoder.integer("gender", person.gender)
            encoder.string("birthday", person.birthday)
            encoder.string("deathday", person.deathday)
            encoder.string("place_of_birth", person.placeOfBirth)
            encoder.string("known_for_department", person.knownForDepartment)
            encoder.decimal("popularity", freshness.popularity)
            encoder.boolean("adult", person.adult)
            encoder.string("homepage", person.homepage)
            encoder.string("biography", person.biography)
            encoder.string("profile_path", person.profilePath)
            encoder.string("fetched_at", freshness.fetchedAt)
            encoder.end()
            return 1
        case .aliases:
            return encoder.rows(of: person.alsoKnownAs, parent: "person_id", id: id) { name, row in
                row.string("name", name)
            }
        case .castCredits:
            return encoder.rows(of: person.cast, parent: "person_id", id: id) { credit, row in
                row.string("credit_id", credit.creditID)
                row.string("media_type", credit.mediaType)
                row.integer("media_id", credit.mediaID)
                row.string("character", credit.character)
                row.integer("order", credit.order)
                row.integer("episode_count", credit.episodeCount)
            }
        case .crewCredits:
            return encoder.rows(of: person.crew, parent: "person_id", id: id) { credit, row in
                row.string("credit_id", credit.creditID)
                row.string("media_type", credit.mediaType)
                row.integer("media_id", credit.mediaID)
                row.string("department", credit.department)
                row.string("job", credit.job)
                row.integer("episode_count", credit.episodeCount)
            }
        case .externalIDs:
            guard let ids = person.externalIDs else { return 0 }
            encoder.integer("person_id", id)
            encoder.string("imdb_id", ids.imdbID)
            encoder.string("wikidata_id", ids.wikidataID)
            encoder.string("facebook_id", ids.facebookID)
            encoder.string("instagram_id", ids.instagramID)
            encoder.string("tiktok_id", ids.tiktokID)
            encoder.string("twitter_id", ids.twitterID)
            encoder.string("youtube_id", ids.youtubeID)
            encoder.end()
            return 1
        }
    }
}
