import TMDBAPI

/// The child tables movies and series share, alike but for the name's prefix (`movie` or `tv`), the column of the
/// title's id that keys them (`movie_id` or `series_id`) and the title's name in a column's description.
struct TitleTables: Sendable {
    let genres: CatalogueTable
    let keywords: CatalogueTable
    let companies: CatalogueTable
    let countries: CatalogueTable
    let languages: CatalogueTable
    /// No key: an alternative title has no id, and nothing keeps TMDB from listing a title twice in a country under
    /// two kinds (or none, which is null); the rows keep TMDB's order.
    let alternativeTitles: CatalogueTable
    let videos: CatalogueTable
    let images: CatalogueTable
    let recommendations: CatalogueTable
    let similar: CatalogueTable
    /// Offers drift on TMDB without a change-feed entry: the rows are as of the title's `fetched_at`.
    let watchProviders: CatalogueTable

    /// The tables named `<prefix>_…`, keyed by `title`; `possessive` names the title in a description, e.g.
    /// `movie's`.
    init(prefix: String, title: CatalogueColumn, possessive: String) {
        typealias Column = CatalogueColumns
        let id = title.name
        genres = CatalogueTable(
            "\(prefix)_genres", key: [id, "genre_id"], [title, Column.genreID, Column.genreName])
        keywords = CatalogueTable(
            "\(prefix)_keywords", key: [id, "keyword_id"], from: .keywords,
            [title, Column.keywordID, Column.keywordName])
        companies = CatalogueTable(
            "\(prefix)_companies", key: [id, "company_id"],
            [title, Column.companyID, Column.companyName, Column.companyCountry, Column.logoPath])
        countries = CatalogueTable(
            "\(prefix)_countries", key: [id, "iso_3166_1"], [title, Column.countryCode, Column.countryName])
        languages = CatalogueTable(
            "\(prefix)_languages", key: [id, "iso_639_1"],
            [title, Column.languageCode, Column.languageEnglishName, Column.languageName])
        alternativeTitles = CatalogueTable(
            "\(prefix)_alternative_titles", from: .alternativeTitles,
            [title, Column.alternativeTitleCountry, Column.alternativeTitle, Column.alternativeTitleType])
        videos = CatalogueTable(
            "\(prefix)_videos", key: [id, "video_id"], from: .videos, [title] + Column.videos)
        images = CatalogueTable(
            "\(prefix)_images", key: [id, "kind", "file_path"], from: .images, [title] + Column.images)
        recommendations = CatalogueTable(
            "\(prefix)_recommendations", key: [id, "rank"], from: .recommendations,
            [title, Column.rank, CatalogueColumn("recommended_id", .integer, "The recommended \(possessive) TMDB id.")])
        similar = CatalogueTable(
            "\(prefix)_similar", key: [id, "rank"], from: .similar,
            [title, Column.rank, CatalogueColumn("similar_id", .integer, "The similar \(possessive) TMDB id.")])
        watchProviders = CatalogueTable(
            "\(prefix)_watch_providers", key: [id, "country", "kind", "provider_id"], from: .watchProviders,
            [title] + Column.watchProviders)
    }
}
