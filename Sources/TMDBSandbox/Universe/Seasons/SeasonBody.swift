/// TMDB's season object, as `/3/tv/{id}/season/{n}` serves it and `append_to_response=season/N` appends it under
/// `"season/N"`: `_id`, `air_date`, `episodes`, `name`, `overview`, `id`, `poster_path`, `season_number`,
/// `vote_average`, in that order.
///
/// Shapes and key orders follow a recorded answer of `GET /3/tv/95557/season/4` (Invincible, 2026, kept in a public
/// repository's API notes): each episode `air_date, episode_number, episode_type, id, name, overview,
/// production_code, runtime, season_number, show_id, still_path, vote_average, vote_count, crew, guest_stars`; a crew
/// entry `job, department, credit_id` then the person's fields; a guest star `character, credit_id, order` then the
/// person's fields; the same `credit_id` for a person in every episode of the same role. That answer also carries a
/// `networks` list after `name`, which the sandbox leaves out: readers must not need it.
enum SeasonBody {
    /// Appends season `number` of `seasons`; false, with nothing written, when the series has no such season.
    @discardableResult
    static func append(to json: inout JSONBuffer, season number: Int, of seasons: SeriesSeasons) -> Bool {
        guard let season = seasons.layout.season(number), let episodes = seasons.episodes(ofSeason: number) else {
            return false
        }
        json.raw("{\"_id\":")
        json.string(season.objectId.value)
        json.raw(",\"air_date\":")
        json.optionalString(season.airDate)
        json.raw(",\"episodes\":[")
        for (index, episode) in episodes.enumerated() {
            if index > 0 { json.raw(",") }
            append(episode, seriesId: seasons.layout.seriesId, on: seasons.day, to: &json)
        }
        json.raw("],\"name\":")
        json.string(season.name)
        json.raw(",\"overview\":")
        json.string(season.overview)
        json.raw(",\"id\":")
        json.int(season.id)
        json.raw(",\"poster_path\":")
        json.optionalString(season.posterPath)
        json.raw(",\"season_number\":")
        json.int(season.number)
        json.raw(",\"vote_average\":")
        json.number(season.voteAverage)
        json.raw("}")
        return true
    }

    /// The body of `/3/tv/{id}/season/{number}`; nil (a 404) when the series has no such season.
    static func standalone(season number: Int, of seasons: SeriesSeasons) -> [UInt8]? {
        var json = JSONBuffer(capacity: 64 * 1_024)
        return append(to: &json, season: number, of: seasons) ? json.bytes : nil
    }

    private static func append(_ episode: SandboxEpisode, seriesId: Int, on day: ExportDay, to json: inout JSONBuffer) {
        json.raw("{\"air_date\":")
        json.optionalString(episode.airDate?.isoDate)
        json.raw(",\"episode_number\":")
        json.int(episode.number)
        json.raw(",\"episode_type\":")
        json.string(episode.type)
        json.raw(",\"id\":")
        json.int(episode.id)
        json.raw(",\"name\":")
        json.string(episode.name)
        json.raw(",\"overview\":")
        json.string(episode.overview)
        json.raw(",\"production_code\":")
        json.string(episode.productionCode)
        json.raw(",\"runtime\":")
        if let runtime = episode.runtime { json.int(runtime) } else { json.null() }
        json.raw(",\"season_number\":")
        json.int(episode.seasonNumber)
        json.raw(",\"show_id\":")
        json.int(seriesId)
        json.raw(",\"still_path\":")
        json.optionalString(episode.stillPath)
        let votes = EpisodeVotes.values(episodeId: episode.id, airDate: episode.airDate, on: day)
        json.raw(",\"vote_average\":")
        json.number(votes.average)
        json.raw(",\"vote_count\":")
        json.int(votes.count)
        json.raw(",\"crew\":[")
        for (index, credit) in episode.crew.enumerated() {
            json.raw(index == 0 ? "{\"job\":" : ",{\"job\":")
            json.string(credit.role)
            json.raw(",\"department\":")
            json.string(credit.department ?? "")
            json.raw(",")
            credit.creditId.append(to: &json)
            appendPerson(credit.person, to: &json)
        }
        json.raw("],\"guest_stars\":[")
        for (index, credit) in episode.guestStars.enumerated() {
            json.raw(index == 0 ? "{\"character\":" : ",{\"character\":")
            json.string(credit.role)
            json.raw(",")
            credit.creditId.append(to: &json)
            json.raw(",\"order\":")
            json.int(credit.order)
            appendPerson(credit.person, to: &json)
        }
        json.raw("]}")
    }

    /// `,"adult":…,"profile_path":…}`: the person's pool fragment after its opening brace, then the closing one.
    private static func appendPerson(_ person: Int, to json: inout JSONBuffer) {
        json.raw(",")
        json.raw(PersonPool.fragments[person].dropFirst())
        json.raw("}")
    }
}
