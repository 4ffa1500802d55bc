/// The body of `GET /3/configuration`, with image URLs pointing back at the sandbox.
enum ConfigurationBody {
    /// Poster sizes, as on TMDB; `/t/p/{size}/…` accepts only these.
    static let posterSizes = ["w92", "w154", "w185", "w342", "w500", "w780", "original"]

    /// The body for a sandbox listening on `port`.
    static func render(port: UInt16) -> [UInt8] {
        let base = "http://127.0.0.1:\(port)/t/p/"
        var json = JSONBuffer(capacity: 1_024)
        json.raw("{\"change_keys\":")
        json.stringArray(changeKeys)
        json.raw(",\"images\":{\"base_url\":")
        json.string(base)
        json.raw(",\"secure_base_url\":")
        json.string(base)
        json.raw(",\"backdrop_sizes\":")
        json.stringArray(["w300", "w780", "w1280", "original"])
        json.raw(",\"logo_sizes\":")
        json.stringArray(["w45", "w92", "w154", "w185", "w300", "w500", "original"])
        json.raw(",\"poster_sizes\":")
        json.stringArray(posterSizes)
        json.raw(",\"profile_sizes\":")
        json.stringArray(["w45", "w185", "h632", "original"])
        json.raw(",\"still_sizes\":")
        json.stringArray(["w92", "w185", "w300", "original"])
        json.raw("}}")
        return json.bytes
    }

    private static let changeKeys = [
        "adult", "air_date", "also_known_as", "alternative_titles", "biography", "birthday", "budget", "cast",
        "certifications", "character_names", "created_by", "crew", "deathday", "episode", "episode_number",
        "episode_run_time", "freebase_id", "freebase_mid", "general", "genres", "guest_stars", "homepage", "images",
        "imdb_id", "languages", "name", "network", "origin_country", "original_name", "original_title", "overview",
        "parts", "place_of_birth", "plot_keywords", "production_code", "production_companies",
        "production_countries", "releases", "revenue", "runtime", "season", "season_number", "season_regular",
        "spoken_languages", "status", "tagline", "title", "translations", "tvdb_id", "tvrage_id", "type", "video",
        "videos",
    ]
}
