extension Movie {
    /// A movie's keys, in the order a damaged movie's fields are checked.
    public enum Field: ModelField {
        case id, title, originalTitle, originalLanguage, releaseDate, voteAverage, voteCount, popularity, genreIDs
        case adult, overview, posterPath, backdropPath, video, mediaType

        public var key: StaticString {
            switch self {
            case .id: "id"
            case .title: "title"
            case .originalTitle: "original_title"
            case .originalLanguage: "original_language"
            case .releaseDate: "release_date"
            case .voteAverage: "vote_average"
            case .voteCount: "vote_count"
            case .popularity: "popularity"
            case .genreIDs: "genre_ids"
            case .adult: "adult"
            case .overview: "overview"
            case .posterPath: "poster_path"
            case .backdropPath: "backdrop_path"
            case .video: "video"
            case .mediaType: "media_type"
            }
        }

        public static var required: [Field] { [.id, .title] }
    }

    public static var unread: Movie { Movie(id: 0, title: "") }

    public mutating func read(_ field: Field, _ value: inout FieldValue) throws(FieldValue.Failure) {
        switch field {
        case .id: id = try value.int()
        case .title: title = try value.string()
        case .originalTitle: originalTitle = try value.optionalString()
        case .originalLanguage: originalLanguage = try value.optionalString()
        case .releaseDate: releaseDate = try value.optionalString()?.nonEmpty
        case .voteAverage: voteAverage = try value.optionalDouble()
        case .voteCount: voteCount = try value.optionalInt()
        case .popularity: popularity = try value.optionalDouble()
        case .genreIDs: genreIDs = try value.ints()
        case .adult: adult = try value.optionalBool() ?? false
        case .overview: overview = try value.optionalString()
        case .posterPath: posterPath = try value.optionalString()?.nonEmpty
        case .backdropPath: backdropPath = try value.optionalString()?.nonEmpty
        case .video: video = try value.optionalBool()
        case .mediaType: mediaType = try value.optionalString()
        }
    }
}
