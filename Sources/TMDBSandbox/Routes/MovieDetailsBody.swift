/// The body of `GET /3/movie/{id}`: TMDB's movie details, keys in TMDB's order.
enum MovieDetailsBody {
    /// The details as JSON; the list fields are the same values as in the movie's list result.
    static func render(_ details: SandboxMovieDetails) -> [UInt8] {
        let movie = details.movie
        var json = JSONBuffer(capacity: 2_048)
        json.raw("{\"adult\":")
        json.bool(movie.adult)
        json.raw(",\"backdrop_path\":")
        json.optionalString(movie.backdropPath)
        json.raw(",\"belongs_to_collection\":")
        if let collection = details.collection {
            json.raw("{\"id\":")
            json.int(collection.id)
            json.raw(",\"name\":")
            json.string(collection.name)
            json.raw(",\"poster_path\":")
            json.optionalString(collection.posterPath)
            json.raw(",\"backdrop_path\":")
            json.optionalString(collection.backdropPath)
            json.raw("}")
        } else {
            json.null()
        }
        json.raw(",\"budget\":")
        json.int(details.budget)
        json.raw(",\"genres\":")
        json.objectArray(details.genres) { json, genre in
            json.raw("\"id\":")
            json.int(genre.id)
            json.raw(",\"name\":")
            json.string(genre.name)
        }
        json.raw(",\"homepage\":")
        json.string(details.homepage)
        json.raw(",\"id\":")
        json.int(movie.id)
        json.raw(",\"imdb_id\":")
        json.optionalString(details.imdbId)
        json.raw(",\"origin_country\":")
        json.stringArray(details.originCountry)
        json.raw(",\"original_language\":")
        json.string(movie.originalLanguage)
        json.raw(",\"original_title\":")
        json.string(movie.originalTitle)
        json.raw(",\"overview\":")
        json.string(movie.overview)
        json.raw(",\"popularity\":")
        json.number(movie.popularity)
        json.raw(",\"poster_path\":")
        json.optionalString(movie.posterPath)
        json.raw(",\"production_companies\":")
        json.objectArray(details.productionCompanies) { json, company in
            json.raw("\"id\":")
            json.int(company.id)
            json.raw(",\"logo_path\":")
            json.optionalString(company.logoPath)
            json.raw(",\"name\":")
            json.string(company.name)
            json.raw(",\"origin_country\":")
            json.string(company.originCountry)
        }
        json.raw(",\"production_countries\":")
        json.objectArray(details.productionCountries) { json, country in
            json.raw("\"iso_3166_1\":")
            json.string(country.iso3166Code)
            json.raw(",\"name\":")
            json.string(country.name)
        }
        json.raw(",\"release_date\":")
        json.string(movie.releaseDate)
        json.raw(",\"revenue\":")
        json.int(details.revenue)
        // TMDB sends 0, not null, for a runtime it does not know.
        json.raw(",\"runtime\":")
        json.int(details.runtime ?? 0)
        json.raw(",\"spoken_languages\":")
        json.objectArray(details.spokenLanguages) { json, language in
            json.raw("\"english_name\":")
            json.string(language.englishName)
            json.raw(",\"iso_639_1\":")
            json.string(language.iso639Code)
            json.raw(",\"name\":")
            json.string(language.name)
        }
        json.raw(",\"status\":")
        json.string(details.status.rawValue)
        json.raw(",\"tagline\":")
        json.string(details.tagline)
        json.raw(",\"title\":")
        json.string(movie.title)
        json.raw(",\"video\":false,\"vote_average\":")
        json.number(movie.voteAverage)
        json.raw(",\"vote_count\":")
        json.int(movie.voteCount)
        json.raw("}")
        return json.bytes
    }
}
