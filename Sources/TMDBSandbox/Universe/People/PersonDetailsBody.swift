/// The body of `/3/person/{id}`: the details in TMDB's key order, then each appendix under its own key.
enum PersonDetailsBody {
    static func render(
        _ facts: PersonFacts, popularity: Double, step: Int, appending appendices: [PersonAppendix],
        credits: [PersonCreditIndex.TitleCredits]
    ) -> [UInt8] {
        let person = facts.person
        var json = JSONBuffer(capacity: 2_048 + credits.count * 512)
        json.raw("{\"adult\":")
        json.bool(person.adult)
        json.raw(",\"also_known_as\":")
        json.stringArray(facts.aliases(at: step))
        json.raw(",\"biography\":")
        json.string(facts.biography)
        json.raw(",\"birthday\":")
        json.optionalString(facts.birthday)
        json.raw(",\"deathday\":")
        json.optionalString(facts.deathday(at: step))
        json.raw(",\"gender\":")
        json.int(person.gender)
        json.raw(",\"homepage\":")
        json.optionalString(facts.homepage)
        json.raw(",\"id\":")
        json.int(person.id)
        json.raw(",\"imdb_id\":")
        json.optionalString(facts.imdbId)
        json.raw(",\"known_for_department\":")
        json.optionalString(facts.knownForDepartment)
        json.raw(",\"name\":")
        json.string(person.name)
        json.raw(",\"place_of_birth\":")
        json.optionalString(facts.placeOfBirth)
        json.raw(",\"popularity\":")
        json.number(popularity)
        json.raw(",\"profile_path\":")
        json.optionalString(person.profilePath)
        for appendix in appendices {
            json.raw(",\"\(appendix.rawValue)\":")
            switch appendix {
            case .combinedCredits: appendCombinedCredits(credits, to: &json)
            case .externalIds: appendExternalIds(facts, to: &json)
            }
        }
        json.raw("}")
        return json.bytes
    }

    /// `{"cast":[…],"crew":[…]}`: each credit with its title's fields, `media_type`, and `order` (movie cast) or
    /// `episode_count` (series).
    private static func appendCombinedCredits(_ credits: [PersonCreditIndex.TitleCredits], to json: inout JSONBuffer) {
        for isCast in [true, false] {
            json.raw(isCast ? "{\"cast\":[" : "],\"crew\":[")
            var first = true
            for title in credits {
                for record in title.records where record.isCast == isCast {
                    json.raw(first ? "{" : ",{")
                    first = false
                    appendTitle(title, to: &json)
                    if isCast {
                        json.raw(",\"character\":")
                        json.string(record.character ?? "")
                    }
                    json.raw(",\"credit_id\":")
                    json.string(record.creditId)
                    if !isCast {
                        json.raw(",\"department\":")
                        json.string(record.department ?? "")
                        json.raw(",\"job\":")
                        json.string(record.job ?? "")
                    }
                    if let order = record.order {
                        json.raw(",\"order\":")
                        json.int(order)
                    }
                    if let episodes = record.episodeCount {
                        json.raw(",\"episode_count\":")
                        json.int(episodes)
                    }
                    json.raw(",\"media_type\":")
                    json.string(title.type == .movie ? "movie" : "tv")
                    json.raw("}")
                }
            }
        }
        json.raw("]}")
    }

    private static func appendTitle(_ title: PersonCreditIndex.TitleCredits, to json: inout JSONBuffer) {
        json.raw("\"adult\":")
        json.bool(title.adult)
        json.raw(",\"id\":")
        json.int(title.id)
        switch title.type {
        case .movie:
            json.raw(",\"original_title\":")
            json.string(title.originalName)
            json.raw(",\"release_date\":")
            json.string(title.date)
            json.raw(",\"title\":")
            json.string(title.name)
        case .series:
            json.raw(",\"first_air_date\":")
            json.string(title.date)
            json.raw(",\"name\":")
            json.string(title.name)
            json.raw(",\"original_name\":")
            json.string(title.originalName)
        }
    }

    /// `{"id":…,"freebase_mid":null,"freebase_id":null,"imdb_id":…,"tvrage_id":null,"wikidata_id":…,
    /// "facebook_id":…,"instagram_id":…,"tiktok_id":…,"twitter_id":…,"youtube_id":…}`; `imdb_id` as in the details.
    private static func appendExternalIds(_ facts: PersonFacts, to json: inout JSONBuffer) {
        let id = facts.person.id
        var random = SplitMix64(seed: externalSeed, stream: UInt64(id))
        json.raw("{\"id\":")
        json.int(id)
        json.raw(",\"freebase_mid\":null,\"freebase_id\":null,\"imdb_id\":")
        json.optionalString(facts.imdbId)
        json.raw(",\"tvrage_id\":null,\"wikidata_id\":")
        json.optionalString(random.next() % 3 == 0 ? nil : "Q\(200_000 + id)")
        json.raw(",\"facebook_id\":")
        json.optionalString(random.next() % 4 == 0 ? "person\(id)" : nil)
        json.raw(",\"instagram_id\":")
        json.optionalString(random.next() % 3 == 0 ? "person_\(id)" : nil)
        json.raw(",\"tiktok_id\":")
        json.optionalString(random.next() % 9 == 0 ? "@person\(id)" : nil)
        json.raw(",\"twitter_id\":")
        json.optionalString(random.next() % 5 == 0 ? "Person\(id)" : nil)
        json.raw(",\"youtube_id\":")
        json.optionalString(random.next() % 12 == 0 ? "UC\(id)" : nil)
        json.raw("}")
    }

    private static let externalSeed: UInt64 = 0x5045_5845_5449_44
}
