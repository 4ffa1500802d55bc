/// The body of `GET /3/tv/{id}`: TMDB's series details, keys in TMDB's order, the list fields the same values as in
/// the show's list result; the rest drawn from the id.
enum SeriesDetailsBody {
    /// The details of `show` as JSON.
    static func render(_ show: SandboxShow) -> [UInt8] {
        var json = JSONBuffer(capacity: 4_096)
        append(show, to: &json)
        return json.bytes
    }

    /// Appends the details object, closing brace included; `tagline`, when given, replaces the drawn one. The
    /// `seasons`, `number_of_seasons` and `number_of_episodes` are those of the series' ``SeasonLayout`` at edit
    /// `version`.
    static func append(_ show: SandboxShow, tagline: String? = nil, version: Int = 0, to json: inout JSONBuffer) {
        var random = generator(seriesId: show.id)
        // Drawn as before seasons were served, so that every field after keeps its value; the layout decides.
        let drawnSeasons = 1 + Int(random.next() % 8)
        for _ in 0..<drawnSeasons { _ = random.next() }
        let layout = SeasonLayout(seriesId: show.id, version: version, firstAirDate: show.firstAirDate)
        let seasonCount = layout.regularSeasonCount
        let episodes = layout.regularEpisodeCount
        let firstYear = Int(show.firstAirDate.prefix(4)) ?? 2020
        let inProduction = random.next() % 4 == 0
        json.raw("{\"adult\":")
        json.bool(show.adult)
        json.raw(",\"backdrop_path\":")
        json.optionalString(show.backdropPath)
        json.raw(",\"created_by\":[")
        for index in 0..<Int(random.next() % 3) {
            json.raw(index == 0 ? "{\"id\":" : ",{\"id\":")
            let person = Int(random.next() % UInt64(PersonPool.count))
            json.int(PersonPool.id(person))
            json.raw(",")
            CreditID.append(to: &json, &random)
            let name = UniverseText.personName(&random)
            json.raw(",\"name\":")
            json.string(name)
            json.raw(",\"original_name\":")
            json.string(name)
            json.raw(",\"gender\":")
            json.int(Int(random.next() % 3))
            json.raw(",\"profile_path\":null}")
        }
        json.raw("],\"episode_run_time\":")
        json.raw(random.next() % 3 == 0 ? "[]" : "[\(20 + Int(random.next() % 40))]")
        json.raw(",\"first_air_date\":")
        json.string(show.firstAirDate)
        json.raw(",\"genres\":")
        json.objectArray(show.genreIds) { json, id in
            json.raw("\"id\":")
            json.int(id)
            json.raw(",\"name\":")
            json.string(SandboxGenre.tv.first { $0.id == id }?.name ?? "")
        }
        json.raw(",\"homepage\":")
        json.string(random.next() % 3 == 0 ? "" : "https://www.example.com/tv/\(show.id)")
        json.raw(",\"id\":")
        json.int(show.id)
        json.raw(",\"in_production\":")
        json.bool(inProduction)
        json.raw(",\"languages\":")
        json.stringArray([show.originalLanguage])
        json.raw(",\"last_air_date\":")
        let lastYear = min(2026, firstYear + seasonCount - 1)
        if show.firstAirDate.isEmpty { json.null() } else { json.string("\(lastYear)-06-1\(seasonCount % 10)") }
        json.raw(",\"name\":")
        json.string(show.name)
        json.raw(",\"networks\":[")
        if random.next() % 8 != 0 {
            let network = networks[Int(random.next() % UInt64(networks.count))]
            json.raw("{\"id\":")
            json.int(network.id)
            json.raw(",\"logo_path\":")
            json.optionalString(ImagePath.derived(id: network.id, salt: ImagePath.logoSalt))
            json.raw(",\"name\":")
            json.string(network.name)
            json.raw(",\"origin_country\":")
            json.string(network.country)
            json.raw("}")
        }
        json.raw("],\"number_of_episodes\":")
        json.int(episodes)
        json.raw(",\"number_of_seasons\":")
        json.int(seasonCount)
        json.raw(",\"origin_country\":")
        json.stringArray(show.originCountry)
        json.raw(",\"original_language\":")
        json.string(show.originalLanguage)
        json.raw(",\"original_name\":")
        json.string(show.originalName)
        json.raw(",\"overview\":")
        json.string(show.overview)
        json.raw(",\"popularity\":")
        json.number(show.popularity)
        json.raw(",\"poster_path\":")
        json.optionalString(show.posterPath)
        json.raw(",\"production_companies\":[")
        if random.next() % 5 != 0 {
            let company = companies[Int(random.next() % UInt64(companies.count))]
            json.raw("{\"id\":")
            json.int(company.id)
            json.raw(",\"logo_path\":null,\"name\":")
            json.string(company.name)
            json.raw(",\"origin_country\":")
            json.string(company.country)
            json.raw("}")
        }
        json.raw("],\"production_countries\":")
        json.objectArray(show.originCountry) { json, code in
            json.raw("\"iso_3166_1\":")
            json.string(code)
            json.raw(",\"name\":")
            json.string(code)
        }
        json.raw(",\"seasons\":")
        json.objectArray(layout.seasons) { json, season in
            json.raw("\"air_date\":")
            json.optionalString(season.airDate)
            json.raw(",\"episode_count\":")
            json.int(season.episodeCount)
            json.raw(",\"id\":")
            json.int(season.id)
            json.raw(",\"name\":")
            json.string(season.name)
            json.raw(",\"overview\":")
            json.string(season.overview)
            json.raw(",\"poster_path\":")
            json.optionalString(season.posterPath)
            json.raw(",\"season_number\":")
            json.int(season.number)
            json.raw(",\"vote_average\":")
            json.number(season.voteAverage)
        }
        // The seasons' averages were drawn here before; drawn and dropped, as above.
        for _ in 0..<drawnSeasons { _ = random.next() }
        json.raw(",\"spoken_languages\":[{\"english_name\":")
        json.string(show.originalLanguage)
        json.raw(",\"iso_639_1\":")
        json.string(show.originalLanguage)
        json.raw(",\"name\":\"\"}],\"status\":")
        json.string(inProduction ? "Returning Series" : random.next() % 3 == 0 ? "Canceled" : "Ended")
        json.raw(",\"tagline\":")
        let drawnTagline = random.next() % 2 == 0 ? "" : "Every season, a new \"secret\"."
        json.string(tagline ?? drawnTagline)
        json.raw(",\"type\":")
        json.string(types[Int(random.next() % UInt64(types.count))])
        json.raw(",\"vote_average\":")
        json.number(show.voteAverage)
        json.raw(",\"vote_count\":")
        json.int(show.voteCount)
        json.raw("}")
    }

    /// The series' regular episodes before any edit, as the details' `number_of_episodes` counts them (the aggregate
    /// credits' counts stay within them; edits only add episodes).
    static func episodeCount(seriesId: Int) -> Int {
        SeasonLayout.regularEpisodeCounts(seriesId: seriesId).reduce(0, +)
    }

    /// The generator the details are drawn from; its first draws are the base season and episode counts.
    static func generator(seriesId: Int) -> SplitMix64 {
        SplitMix64(seed: seed, stream: UInt64(seriesId))
    }

    private static let seed: UInt64 = 0x5444_4554_4149_4C53
    private static let types = [
        "Scripted", "Scripted", "Scripted", "Reality", "Documentary", "Miniseries", "Talk Show",
    ]
    static let networks: [(id: Int, name: String, country: String)] = [
        (49, "HBO", "US"), (213, "Netflix", "US"), (4, "BBC One", "GB"), (1_024, "Prime Video", "US"),
        (318, "NHK", "JP"), (866, "tvN", "KR"), (1_112, "Canal+, \"Séries\"", "FR"), (2_739, "Disney+", "US"),
    ]
    static let companies: [(id: Int, name: String, country: String)] = [
        (1_957, "Bad Robot", "US"), (3_172, "Left Bank Pictures", "GB"), (7_505, "Studio Dragon", "KR"),
        (11_073, "Sony Pictures Television", "US"), (93_142, "ABC Signature, Inc.", "US"), (5_532, "東映アニメーション", "JP"),
    ]
}
