import RunStore
import TMDBAPI

extension SeriesTable {
    /// Encodes the rows `series` gives this table, children in TMDB's order, in the table's column order.
    func encodeRows(of series: SeriesRecord, freshness: RowFreshness, into encoder: inout RecordEncoder) -> Int {
        let id = series.id
        switch self {
        case .series:
            encoder.integer("id", id)
            encoder.string("name", series.name)
            encoder.string("original_name", series.originalName)
            encoder.string("original_language", series.originalLanguage)
            encoder.string("first_air_date", series.firstAirDate)
            encoder.string("last_air_date", series.lastAirDate)
            encoder.string("status", series.status)
            encoder.string("type", series.type)
            encoder.boolean("in_production", series.inProduction)
            encoder.integer("number_of_seasons", series.numberOfSeasons)
            encoder.integer("number_of_episodes", series.numberOfEpisodes)
            encoder.integers("episode_run_time", series.episodeRunTime)
            encoder.decimal("popularity", freshness.popularity)
            encoder.decimal("vote_average", series.voteAverage)
            encoder.integer("vote_count", series.voteCount)
            encoder.boolean("adult", series.adult)
            encoder.string("overview", series.overview)
            encoder.string("tagline", series.tagline)
            encoder.string("homepage", series.homepage)
            encoder.string("poster_path", series.posterPath)
            encoder.string("backdrop_path", series.backdropPath)
            encoder.strings("origin_country", series.originCountry)
            encoder.strings("languages", series.languageCodes)
            encoder.string("fetched_at", freshness.fetchedAt)
            encoder.string("votes_at", freshness.fetchedAt)
            encoder.end()
            return 1
        case .genres:
            return TitleRows.named(series.genres, column: "genre_id", parent: "series_id", id: id, into: &encoder)
        case .creators:
            return encoder.rows(of: series.creators, parent: "series_id", id: id) { creator, row in
                TitleCreditRows.credit(of: creator.person, creditID: creator.creditID, into: &row)
                row.string("original_name", creator.person.originalName)
                row.integer("gender", creator.person.gender)
                row.string("profile_path", creator.person.profilePath)
            }
        case .cast:
            var rows = 0
            for member in series.cast {
                // A person without roles still gets a row, its role fields empty.
                let roles = member.roles.isEmpty ? [SeriesRecord.CastMember.Role()] : member.roles
                rows += encoder.rows(of: roles, parent: "series_id", id: id) { role, row in
                    TitleCreditRows.credit(of: member.person, creditID: role.creditID, into: &row)
                    row.string("character", role.character)
                    row.integer("episode_count", role.episodeCount)
                    row.integer("total_episode_count", member.totalEpisodeCount)
                    row.integer("order", member.order)
                    TitleCreditRows.genderAndDepartment(of: member.person, into: &row)
                    TitleCreditRows.closing(of: member.person, into: &row)
                }
            }
            return rows
        case .crew:
            var rows = 0
            for member in series.crew {
                let jobs = member.jobs.isEmpty ? [SeriesRecord.CrewMember.Job()] : member.jobs
                rows += encoder.rows(of: jobs, parent: "series_id", id: id) { job, row in
                    TitleCreditRows.credit(of: member.person, creditID: job.creditID, into: &row)
                    row.string("department", member.department)
                    row.string("job", job.job)
                    row.integer("episode_count", job.episodeCount)
                    row.integer("total_episode_count", member.totalEpisodeCount)
                    TitleCreditRows.genderAndDepartment(of: member.person, into: &row)
                    TitleCreditRows.closing(of: member.person, into: &row)
                }
            }
            return rows
        case .keywords:
            return TitleRows.named(series.keywords, column: "keyword_id", parent: "series_id", id: id, into: &encoder)
        case .networks:
            return TitleRows.companies(
                series.networks, column: "network_id", parent: "series_id", id: id, into: &encoder)
        case .companies:
            return TitleRows.companies(
                series.companies, column: "company_id", parent: "series_id", id: id, into: &encoder)
        case .countries:
            return TitleRows.countries(series.countries, parent: "series_id", id: id, into: &encoder)
        case .languages:
            return TitleRows.languages(series.languages, parent: "series_id", id: id, into: &encoder)
        case .seasons:
            return encoder.rows(of: series.seasons, parent: "series_id", id: id) { season, row in
                row.integer("season_id", season.id)
                row.integer("season_number", season.seasonNumber)
                row.string("name", season.name)
                row.string("air_date", season.airDate)
                row.integer("episode_count", season.episodeCount)
                row.decimal("vote_average", season.voteAverage)
                row.string("poster_path", season.posterPath)
                row.string("overview", season.overview)
            }
        case .externalIDs:
            guard let ids = series.externalIDs else { return 0 }
            encoder.integer("series_id", id)
            encoder.string("imdb_id", ids.imdbID)
            encoder.integer("tvdb_id", ids.tvdbID)
            encoder.string("wikidata_id", ids.wikidataID)
            encoder.string("facebook_id", ids.facebookID)
            encoder.string("instagram_id", ids.instagramID)
            encoder.string("twitter_id", ids.twitterID)
            encoder.string("freebase_mid", ids.freebaseMID)
            encoder.string("freebase_id", ids.freebaseID)
            encoder.integer("tvrage_id", ids.tvrageID)
            encoder.end()
            return 1
        case .contentRatings:
            return encoder.rows(of: series.contentRatings, parent: "series_id", id: id) { rating, row in
                row.string("country", rating.country)
                row.string("rating", rating.rating)
                row.strings("descriptors", rating.descriptors)
            }
        case .alternativeTitles:
            return TitleDepthRows.alternativeTitles(
                series.alternativeTitles, parent: "series_id", id: id, into: &encoder)
        case .translations:
            return TitleDepthRows.translations(
                series.translations, parent: "series_id", id: id, runtime: false, into: &encoder)
        case .videos:
            return TitleDepthRows.videos(series.videos, parent: "series_id", id: id, into: &encoder)
        case .images:
            return TitleDepthRows.images(series.images, parent: "series_id", id: id, into: &encoder)
        case .recommendations:
            return TitleDepthRows.page(
                series.recommendations, column: "recommended_id", parent: "series_id", id: id, into: &encoder)
        case .similar:
            return TitleDepthRows.page(
                series.similar, column: "similar_id", parent: "series_id", id: id, into: &encoder)
        case .watchProviders:
            return TitleDepthRows.watchOffers(series.watchOffers, parent: "series_id", id: id, into: &encoder)
        case .episodes, .episodeCrew, .episodeGuestStars:
            // From the seasons' own requests (``encodeRows(of:seriesID:into:)``), not the details.
            return 0
        }
    }
}
