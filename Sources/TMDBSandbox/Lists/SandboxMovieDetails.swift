/// The details of one catalogue movie, as `GET /3/movie/{id}` serves them: the list fields of ``movie`` plus
/// TMDB's detail fields, all derived from the movie, so the same on every run.
struct SandboxMovieDetails: Sendable, Equatable {
    /// The collection a movie belongs to, as in `belongs_to_collection`.
    struct CollectionSummary: Sendable, Equatable {
        /// TMDB collection id.
        var id: Int
        /// Collection name, e.g. `"Silent Harbor Collection"`.
        var name: String
        /// `/xxxx.jpg`, or nil; not served under `/t/p/`.
        var posterPath: String?
        /// `/xxxx.jpg`, or nil; not served under `/t/p/`.
        var backdropPath: String?
    }

    /// One of `production_companies`.
    struct Company: Sendable, Equatable {
        /// TMDB company id.
        var id: Int
        /// `/xxxx.png`, or nil; not served under `/t/p/`.
        var logoPath: String?
        /// Company name; may hold quotes, commas, ampersands or non-Latin script.
        var name: String
        /// ISO 3166-1 code, or `""` when unknown (as TMDB sends it).
        var originCountry: String
    }

    /// One of `production_countries`.
    struct Country: Sendable, Equatable {
        /// ISO 3166-1 code, e.g. `"US"`.
        var iso3166Code: String
        /// English name, e.g. `"United States of America"`.
        var name: String
    }

    /// One of `spoken_languages`.
    struct SpokenLanguage: Sendable, Equatable {
        /// English name, e.g. `"Japanese"`.
        var englishName: String
        /// ISO 639-1 code, e.g. `"ja"`.
        var iso639Code: String
        /// Name in the language itself, e.g. `"日本語"`; may be `""`.
        var name: String
    }

    /// TMDB's release statuses.
    enum Status: String, CaseIterable, Sendable {
        /// Released; most movies.
        case released = "Released"
        /// Shot, being edited.
        case postProduction = "Post Production"
        /// Being shot.
        case inProduction = "In Production"
        /// Announced only.
        case planned = "Planned"
    }

    /// The movie as in the lists: id, titles, dates, votes, poster and the rest are the same values.
    var movie: SandboxMovie
    /// `belongs_to_collection`: nil (JSON `null`) for most movies.
    var collection: CollectionSummary?
    /// Budget in US dollars; 0 when unknown.
    var budget: Int
    /// The movie's ``SandboxMovie/genreIds`` with their names, in the same order.
    var genres: [SandboxGenre]
    /// Homepage URL, or `""`.
    var homepage: String
    /// `tt` + 7 digits, or nil (JSON `null`).
    var imdbId: String?
    /// ISO 3166-1 codes of the countries of origin; may be empty.
    var originCountry: [String]
    /// Production companies; may be empty.
    var productionCompanies: [Company]
    /// Production countries; may be empty.
    var productionCountries: [Country]
    /// Revenue in US dollars; 0 when unknown.
    var revenue: Int
    /// Running time in minutes, or nil when unknown (served as `0`, as TMDB does).
    var runtime: Int?
    /// Spoken languages, the original language first.
    var spokenLanguages: [SpokenLanguage]
    /// Release status.
    var status: Status
    /// Tagline, or `""`; may hold quotes, line breaks, tabs and emoji.
    var tagline: String
}
