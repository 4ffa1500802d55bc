/// The body of `GET /3/tv/{id}`: TMDB's series details, keys in TMDB's order, the list fields the same values as in
/// the show's list result; the rest drawn from the id.
enum SeriesDetailsBody {
    /// The details of `show` as JSON.
    static func render(_ show: SandboxShow) -> [UInt8] {
        var json = JSONBuffer(capacity: 4_096)
        append(show, to: &json)
        return json.bytes
    }

    /// Appends the details object, closing brace included; `tagline`, when given, replaces the drawn one.
    static func append(_ show: SandboxShow, tagline: String? = nil, to json: inout JSONBuffer) {
        var random = SplitMix64(seed: seed, stream: UInt64(show.id))
        let seasonCount = 1 + Int(random.next() % 8)
        let episodesPerSeason = (0..<seasonCount).map { _ in 4 + Int(random.next() % 21) }
        let episodes = episodesPerSeason.reduce(0, +)
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
        json.raw(",\"genres\":[")
        for (offset, id) in show.genreIds.enumerated() {
            json.raw(offset == 0 ? "{\"id\":" : ",{\"id\":")
            json.int(id)
            json.raw(",\"name\":")
            json.string(SandboxGenre.tv.first { $0.id == id }?.name ?? "")
            json.raw("}")
        }
        json.raw("],\"homepage\":")
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
        json.raw("],\"production_countries\":[")
        for (offset, code) in show.originCountry.enumerated() {
            json.raw(offset == 0 ? "{\"iso_3166_1\":" : ",{\"iso_3166_1\":")
            json.string(code)
            json.raw(",\"name\":")
            json.string(code)
            json.raw("}")
        }
        json.raw("],\"seasons\":[")
        for (season, count) in episodesPerSeason.enumerated() {
            json.raw(season == 0 ? "{\"air_date\":" : ",{\"air_date\":")
            if show.firstAirDate.isEmpty {
                json.null()
            } else {
                json.string("\(min(2026, firstYear + season))\(show.firstAirDate.dropFirst(4))")
            }
            json.raw(",\"episode_count\":")
            json.int(count)
            json.raw(",\"id\":")
            json.int(show.id * 10 + season)
            json.raw(",\"name\":")
            json.string("Season \(season + 1)")
            json.raw(",\"overview\":\"\",\"poster_path\":null,\"season_number\":")
            json.int(season + 1)
            json.raw(",\"vote_average\":")
            json.number(Double(random.next() % 100) / 10)
            json.raw("}")
        }
        json.raw("],\"spoken_languages\":[{\"english_name\":")
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

    /// Episodes per season, as the details' `seasons` list them (the aggregate credits' counts stay within them).
    static func episodeCount(seriesId: Int) -> Int {
        var random = SplitMix64(seed: seed, stream: UInt64(seriesId))
        let seasonCount = 1 + Int(random.next() % 8)
        return (0..<seasonCount).reduce(0) { total, _ in total + 4 + Int(random.next() % 21) }
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
