extension TVShow {
    /// A show's keys, in the order a damaged show's fields are checked.
    public enum Field: ModelField {
        case id, name, originalName, originalLanguage, firstAirDate, originCountry, voteAverage, voteCount, popularity
        case genreIDs, adult, overview, posterPath, backdropPath, mediaType

        public var key: StaticString {
            switch self {
            case .id: "id"
            case .name: "name"
            case .originalName: "original_name"
            case .originalLanguage: "original_language"
            case .firstAirDate: "first_air_date"
            case .originCountry: "origin_country"
            case .voteAverage: "vote_average"
            case .voteCount: "vote_count"
            case .popularity: "popularity"
            case .genreIDs: "genre_ids"
            case .adult: "adult"
            case .overview: "overview"
            case .posterPath: "poster_path"
            case .backdropPath: "backdrop_path"
            case .mediaType: "media_type"
            }
        }

        public static var required: [Field] { [.id, .name] }
    }

    public static var unread: TVShow { TVShow(id: 0, name: "") }

    public mutating func read(_ field: Field, _ value: inout FieldValue) throws(FieldValue.Failure) {
        switch field {
        case .id: id = try value.int()
        case .name: name = try value.string()
        case .originalName: originalName = try value.optionalString()
        case .originalLanguage: originalLanguage = try value.optionalString()
        case .firstAirDate: firstAirDate = try value.optionalString()?.nonEmpty
        case .originCountry: originCountry = try value.strings()
        case .voteAverage: voteAverage = try value.optionalDouble()
        case .voteCount: voteCount = try value.optionalInt()
        case .popularity: popularity = try value.optionalDouble()
        case .genreIDs: genreIDs = try value.ints()
        case .adult: adult = try value.optionalBool() ?? false
        case .overview: overview = try value.optionalString()
        case .posterPath: posterPath = try value.optionalString()?.nonEmpty
        case .backdropPath: backdropPath = try value.optionalString()?.nonEmpty
        case .mediaType: mediaType = try value.optionalString()
        }
    }
}
