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
            for genre in series.genres {
                encoder.integer("series_id", id)
                encoder.integer("genre_id", genre.id)
                encoder.string("name", genre.name)
                encoder.end()
            }
            return series.genres.count
        case .creators:
            for creator in series.creators {
                encoder.integer("series_id", id)
                encoder.integer("person_id", creator.person.id)
                encoder.string("credit_id", creator.creditID)
                encoder.string("name", creator.person.name)
                encoder.string("original_name", creator.person.originalName)
                encoder.integer("gender", creator.person.gender)
                encoder.string("profile_path", creator.person.profilePath)
                encoder.end()
            }
            return series.creators.count
        case .cast:
            var rows = 0
            for member in series.cast {
                // A person without roles still gets a row, its role fields empty.
                for role in member.roles.isEmpty ? [SeriesRecord.CastMember.Role()] : member.roles {
                    encoder.integer("series_id", id)
                    encoder.integer("person_id", member.person.id)
                    encoder.string("credit_id", role.creditID)
                    encoder.string("name", member.person.name)
                    encoder.string("character", role.character)
                    encoder.integer("episode_count", role.episodeCount)
                    encoder.integer("total_episode_count", member.totalEpisodeCount)
                    encoder.integer("order", member.order)
                    encoder.integer("gender", member.person.gender)
                    encoder.string("known_for_department", member.person.knownForDepartment)
                    encoder.string("original_name", member.person.originalName)
                    encoder.decimal("popularity", member.person.popularity)
                    encoder.string("profile_path", member.person.profilePath)
                    encoder.boolean("adult", member.person.adult)
                    encoder.end()
                    rows += 1
                }
            }
            return rows
        case .crew:
            var rows = 0
            for member in series.crew {
                for job in member.jobs.isEmpty ? [SeriesRecord.CrewMember.Job()] : member.jobs {
                    encoder.integer("series_id", id)
                    encoder.integer("person_id", member.person.id)
                    encoder.string("credit_id", job.creditID)
                    encoder.string("name", member.person.name)
                    encoder.string("department", member.department)
                    encoder.string("job", job.job)
                    encoder.integer("episode_count", job.episodeCount)
                    encoder.integer("total_episode_count", member.totalEpisodeCount)
                    encoder.integer("gender", member.person.gender)
                    encoder.string("known_for_department", member.person.knownForDepartment)
                    encoder.string("original_name", member.person.originalName)
                    encoder.decimal("popularity", member.person.popularity)
                    encoder.string("profile_path", member.person.profilePath)
                    encoder.boolean("adult", member.person.adult)
                    encoder.end()
                    rows += 1
                }
            }
            return rows
        case .keywords:
            for keyword in series.keywords {
                encoder.integer("series_id", id)
                encoder.integer("keyword_id", keyword.id)
                encoder.string("name", keyword.name)
                encoder.end()
            }
            return series.keywords.count
        case .networks:
            for network in series.networks {
                encoder.integer("series_id", id)
                encoder.integer("network_id", network.id)
                encoder.string("name", network.name)
                encoder.string("origin_country", network.originCountry)
                encoder.string("logo_path", network.logoPath)
                encoder.end()
            }
            return series.networks.count
        case .companies:
            for company in series.companies {
                encoder.integer("series_id", id)
                encoder.integer("company_id", company.id)
                encoder.string("name", company.name)
                encoder.string("origin_country", company.originCountry)
                encoder.string("logo_path", company.logoPath)
                encoder.end()
            }
            return series.companies.count
        case .countries:
            for country in series.countries {
                encoder.integer("series_id", id)
                encoder.string("iso_3166_1", country.code)
                encoder.string("name", country.name)
                encoder.end()
            }
            return series.countries.count
        case .languages:
            for language in series.languages {
                encoder.integer("series_id", id)
                encoder.string("iso_639_1", language.code)
                encoder.string("english_name", language.englishName)
                encoder.string("name", language.name)
                encoder.end()
            }
            return series.languages.count
        case .seasons:
            for season in series.seasons {
                encoder.integer("series_id", id)
                encoder.integer("season_id", season.id)
                encoder.integer("season_number", season.seasonNumber)
                encoder.string("name", season.name)
                encoder.string("air_date", season.airDate)
                encoder.integer("episode_count", season.episodeCount)
                encoder.decimal("vote_average", season.voteAverage)
                encoder.string("poster_path", season.posterPath)
                encoder.string("overview", season.overview)
                encoder.end()
            }
            return series.seasons.count
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
            for rating in series.contentRatings {
                encoder.integer("series_id", id)
                encoder.string("country", rating.country)
                encoder.string("rating", rating.rating)
                encoder.strings("descriptors", rating.descriptors)
                encoder.end()
            }
            return series.contentRatings.count
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
